-- Witness of signed audit checkpoints. Apply as the owner of a database OTHER than the audit
-- trail's (ideally another server), so whoever can rewrite the trail cannot rewrite this.
-- The service records through audit_witness_record(body) as an INSERT-only role; the
-- verifier reads as a SELECT-only role. Rows cannot be changed or removed.

CREATE TABLE IF NOT EXISTS audit_checkpoints (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    seq BIGINT NOT NULL,
    hash TEXT NOT NULL,
    body TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS audit_checkpoints_seq ON audit_checkpoints (seq);

CREATE OR REPLACE FUNCTION audit_checkpoints_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_checkpoints is append-only (% refused)', TG_OP;
END $$;

DROP TRIGGER IF EXISTS audit_checkpoints_no_change ON audit_checkpoints;
CREATE TRIGGER audit_checkpoints_no_change BEFORE UPDATE OR DELETE ON audit_checkpoints
    FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_refuse_change();
DROP TRIGGER IF EXISTS audit_checkpoints_no_truncate ON audit_checkpoints;
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
    FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_refuse_change();

-- The writer hands over the signed JSON line; seq and hash are taken from it, not chosen apart.
CREATE OR REPLACE FUNCTION audit_witness_record(body TEXT) RETURNS VOID
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
    INSERT INTO audit_checkpoints (seq, hash, body)
    VALUES ((body::jsonb ->> 'seq')::bigint, body::jsonb ->> 'hash', body)
$$;

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crimeassist_audit_witness') THEN
        CREATE ROLE crimeassist_audit_witness LOGIN NOINHERIT;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crimeassist_audit_reader') THEN
        CREATE ROLE crimeassist_audit_reader LOGIN NOINHERIT;
    END IF;
END $$;

REVOKE ALL ON audit_checkpoints FROM PUBLIC, crimeassist_audit_witness, crimeassist_audit_reader;
REVOKE ALL ON FUNCTION audit_witness_record(TEXT) FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO crimeassist_audit_witness, crimeassist_audit_reader;
GRANT EXECUTE ON FUNCTION audit_witness_record(TEXT) TO crimeassist_audit_witness;
GRANT SELECT ON audit_checkpoints TO crimeassist_audit_reader;
