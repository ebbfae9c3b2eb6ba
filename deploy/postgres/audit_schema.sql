-- Audit trail for PostgreSQL: append-only table, head functions, INSERT-only writer role.
-- Apply as the database owner. The writer may only INSERT and read the chain head through
-- audit_head() / audit_lock_head(); a separate reader role may only SELECT (for
-- `crimeassist audit verify`). Signed checkpoints go to another database: audit_witness.sql.

CREATE TABLE IF NOT EXISTS audit_events (
    seq BIGINT PRIMARY KEY,
    ts TEXT NOT NULL,
    request_id TEXT NOT NULL,
    badge_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    step INTEGER,
    frm TEXT,
    "to" TEXT,
    data JSONB NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_request ON audit_events (request_id);
-- One successor per event: two writers that read the same head cannot both commit (no fork).
CREATE UNIQUE INDEX IF NOT EXISTS audit_events_one_successor ON audit_events (prev_hash);

CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
END $$;

DROP TRIGGER IF EXISTS audit_events_no_update ON audit_events;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events;
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();

-- The chain head, readable by the writer without SELECT on the table.
CREATE OR REPLACE FUNCTION audit_head(OUT head_seq BIGINT, OUT head_hash TEXT)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1
$$;

-- Every append starts here: the advisory lock (held to commit) orders all writers of every
-- replica, and the head is read after it is granted (VOLATILE: a fresh snapshot).
CREATE OR REPLACE FUNCTION audit_lock_head(OUT head_seq BIGINT, OUT head_hash TEXT)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(727100001);
    SELECT seq, hash INTO head_seq, head_hash FROM audit_events ORDER BY seq DESC LIMIT 1;
END $$;

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crimeassist_audit_writer') THEN
        CREATE ROLE crimeassist_audit_writer LOGIN NOINHERIT;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crimeassist_audit_reader') THEN
        CREATE ROLE crimeassist_audit_reader LOGIN NOINHERIT;
    END IF;
END $$;

REVOKE ALL ON audit_events FROM PUBLIC, crimeassist_audit_writer, crimeassist_audit_reader;
REVOKE ALL ON FUNCTION audit_head() FROM PUBLIC;
REVOKE ALL ON FUNCTION audit_lock_head() FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO crimeassist_audit_writer, crimeassist_audit_reader;
GRANT INSERT ON audit_events TO crimeassist_audit_writer;
GRANT EXECUTE ON FUNCTION audit_head(), audit_lock_head() TO crimeassist_audit_writer;
GRANT SELECT ON audit_events TO crimeassist_audit_reader;
