-- The records reader: a login role that can only SELECT the four records tables.
--
-- Run as the owner of the records tables (or a superuser), connected to the records database:
--   psql "$ADMIN_DSN" -v ON_ERROR_STOP=1 -f deploy/postgres/records_readonly_role.sql
-- Then set its password out of band (ALTER ROLE crimeassist_reader PASSWORD '...') and point
-- CRIMEASSIST_RECORDS_PG_DSN at it. Idempotent: safe to re-run.
--
-- Revoking TEMPORARY and CREATE from PUBLIC means other roles that need them in this database
-- must be granted them explicitly.

DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'crimeassist_reader') THEN
        CREATE ROLE crimeassist_reader LOGIN NOINHERIT;
    END IF;
END
$$;

ALTER ROLE crimeassist_reader
    LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
ALTER ROLE crimeassist_reader SET default_transaction_read_only = on;

-- Start from nothing.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM crimeassist_reader;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM crimeassist_reader;
REVOKE ALL ON SCHEMA public FROM crimeassist_reader;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('REVOKE ALL ON DATABASE %I FROM crimeassist_reader', current_database());
    EXECUTE format('REVOKE CREATE, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO crimeassist_reader', current_database());
END
$$;

-- Read the records, nothing else.
GRANT USAGE ON SCHEMA public TO crimeassist_reader;
GRANT SELECT ON TABLE public.police_stations, public.firs, public.persons, public.vehicles
    TO crimeassist_reader;
