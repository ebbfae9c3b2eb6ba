-- Records schema (CONTRACT.md section 1): the same tables and columns as the Catalyst
-- Data Store. Portable DDL: runs unchanged on SQLite and PostgreSQL.
--
-- Types: TEXT, INTEGER and REAL only. Timestamps are ISO 8601 text
-- 'YYYY-MM-DD HH:MM:SS' (local time of the force). The contract's booleans
-- (involves_juvenile, sexual_offence, is_juvenile, arrested) are stored as INTEGER
-- 0 = false, 1 = true, here and in SQLite; readers convert them to true/false.
-- Optional values (occurred_at, arrested_at, a person's age or phone...) are NULL when unknown.
--
-- The seeder runs the part above the "@indexes" marker before loading and the part
-- below it after loading (building indexes on a full table is faster). Of that part, the
-- section after "@postgres" runs on PostgreSQL only, the one after "@sqlite" on SQLite only.

CREATE TABLE IF NOT EXISTS police_stations (
    precinct_id   TEXT PRIMARY KEY,
    station_name  TEXT NOT NULL,
    district      TEXT NOT NULL,
    zone          TEXT NOT NULL,
    latitude      REAL NOT NULL,
    longitude     REAL NOT NULL
);

CREATE TABLE IF NOT EXISTS firs (
    fir_id              TEXT PRIMARY KEY,
    precinct_id         TEXT NOT NULL REFERENCES police_stations (precinct_id),
    district            TEXT NOT NULL,
    registered_at       TEXT NOT NULL,
    occurred_at         TEXT,
    crime_group         TEXT NOT NULL,
    crime_head          TEXT NOT NULL,
    act_sections        TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('Under Investigation', 'Charge Sheeted',
                                                        'Closed', 'Undetected', 'Transferred')),
    place_of_occurrence TEXT,
    beat                TEXT,
    latitude            REAL,
    longitude           REAL,
    io_badge            TEXT,
    io_name             TEXT,
    complaint_mode      TEXT NOT NULL CHECK (complaint_mode IN ('Walk-in', 'e-FIR', 'Zero FIR',
                                                                'Phone', 'Suo Motu')),
    sensitivity         INTEGER NOT NULL CHECK (sensitivity BETWEEN 1 AND 5),
    involves_juvenile   INTEGER NOT NULL CHECK (involves_juvenile IN (0, 1)),
    sexual_offence      INTEGER NOT NULL CHECK (sexual_offence IN (0, 1)),
    victim_count        INTEGER NOT NULL,
    accused_count       INTEGER NOT NULL,
    arrested_count      INTEGER NOT NULL,
    brief_facts         TEXT
);

CREATE TABLE IF NOT EXISTS persons (
    person_id    TEXT PRIMARY KEY,
    fir_id       TEXT NOT NULL REFERENCES firs (fir_id),
    precinct_id  TEXT NOT NULL REFERENCES police_stations (precinct_id),
    role         TEXT NOT NULL CHECK (role IN ('complainant', 'victim', 'accused', 'witness')),
    full_name    TEXT NOT NULL,
    age          INTEGER,
    gender       TEXT,
    phone        TEXT,
    address      TEXT,
    is_juvenile  INTEGER NOT NULL CHECK (is_juvenile IN (0, 1)),
    arrested     INTEGER NOT NULL CHECK (arrested IN (0, 1)),
    arrested_at  TEXT
);

CREATE TABLE IF NOT EXISTS vehicles (
    vehicle_id       TEXT PRIMARY KEY,
    fir_id           TEXT NOT NULL REFERENCES firs (fir_id),
    precinct_id      TEXT NOT NULL REFERENCES police_stations (precinct_id),
    registration_no  TEXT NOT NULL,
    vehicle_type     TEXT NOT NULL,
    make             TEXT,
    colour           TEXT,
    status           TEXT NOT NULL CHECK (status IN ('Stolen', 'Recovered', 'Seized', 'Involved'))
);

-- @indexes: the filters officers' questions use, jurisdiction first.
-- The FIR indexes are composite and covering for the clearance filter: each leads with
-- precinct_id (every statement and every clearance source restricts it), then a common
-- filter column, registered_at, and the columns the clearance sources read (sensitivity
-- and the protection flags), so a cleared count is answered from the index alone.

CREATE INDEX IF NOT EXISTS ix_firs_precinct_registered ON firs (precinct_id, registered_at,
    sensitivity, crime_group, crime_head, status, sexual_offence, involves_juvenile, fir_id);
CREATE INDEX IF NOT EXISTS ix_firs_precinct_head ON firs (precinct_id, crime_head,
    registered_at, sensitivity, status, sexual_offence, involves_juvenile, fir_id);
CREATE INDEX IF NOT EXISTS ix_firs_precinct_group ON firs (precinct_id, crime_group,
    registered_at, sensitivity, crime_head, status, sexual_offence, involves_juvenile, fir_id);
CREATE INDEX IF NOT EXISTS ix_firs_precinct_status ON firs (precinct_id, status,
    registered_at, sensitivity, crime_group, crime_head, sexual_offence, involves_juvenile, fir_id);
-- Statewide questions (an officer whose jurisdiction is most precincts): the same covering
-- columns led by the filter column instead, so a list or trend over one crime group or head
-- is read in registration order (its first page is its first 300 entries, not a sort of
-- every match). "Pending cases by station" has an index of its own on each backend (below).
CREATE INDEX IF NOT EXISTS ix_firs_group_registered ON firs (crime_group, registered_at,
    precinct_id, sensitivity, crime_head, status, sexual_offence, involves_juvenile, fir_id);
CREATE INDEX IF NOT EXISTS ix_firs_head_registered ON firs (crime_head, registered_at,
    precinct_id, sensitivity, crime_group, status, sexual_offence, involves_juvenile, fir_id);
CREATE INDEX IF NOT EXISTS ix_firs_registered ON firs (registered_at);
CREATE INDEX IF NOT EXISTS ix_firs_district ON firs (district);
CREATE INDEX IF NOT EXISTS ix_firs_io_badge ON firs (io_badge);
CREATE INDEX IF NOT EXISTS ix_persons_fir ON persons (fir_id);
CREATE INDEX IF NOT EXISTS ix_persons_precinct_name ON persons (precinct_id, full_name,
    fir_id, role, is_juvenile);
CREATE INDEX IF NOT EXISTS ix_persons_full_name ON persons (full_name);
CREATE INDEX IF NOT EXISTS ix_vehicles_registration ON vehicles (registration_no, precinct_id,
    fir_id);
CREATE INDEX IF NOT EXISTS ix_vehicles_fir ON vehicles (fir_id);
CREATE INDEX IF NOT EXISTS ix_vehicles_precinct ON vehicles (precinct_id);

-- @postgres: "which station has the most pending cases" over a whole state counts one status
-- per station: (precinct_id, status) first, so the index hands over each station's entries
-- together and they are counted as they come (a GroupAggregate, no hash table of 111k
-- entries at 1M FIRs), 3 columns wide. PostgreSQL 15 keeps an index's order under a list of
-- values (`precinct_id IN (...)`) only on its first column, so a status-first index was
-- hashed: 46 ms of CPU for the top officer's question at 1M FIRs, 14 ms on this one.
CREATE INDEX IF NOT EXISTS ix_firs_precinct_status_count ON firs (precinct_id, status,
    sensitivity);

-- A trigram index, so a name search (`full_name ILIKE '%ravi kumar%'`, the
-- translation of ZCQL `LIKE '*Ravi Kumar*'`) reads the matching names, not every person.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX IF NOT EXISTS ix_persons_full_name_trgm ON persons USING gin (full_name
    public.gin_trgm_ops);

-- @sqlite: "pending cases by station" reads one status's entries, 4 columns wide.
CREATE INDEX IF NOT EXISTS ix_firs_status_precinct ON firs (status, precinct_id, sensitivity,
    fir_id);

-- A trigram full-text index of person names, kept in step with `persons` by
-- triggers, so a name search reads the matching names, not every person. The records
-- translation adds `person_id IN (SELECT person_id FROM persons_name WHERE full_name LIKE
-- '%ravi kumar%')` beside the statement's own LIKE (whose result it never changes: the
-- trigram match is never narrower than LIKE).
CREATE VIRTUAL TABLE IF NOT EXISTS persons_name USING fts5(full_name, person_id UNINDEXED,
    tokenize = 'trigram');
DELETE FROM persons_name;
INSERT INTO persons_name (full_name, person_id) SELECT full_name, person_id FROM persons;
-- Merged into one segment: the bulk fill leaves one per flush, and running this section again
-- on a built file (how an existing deployment gets new indexes) leaves the deleted entries
-- too; at 1M FIRs that made a name search 128 ms of CPU instead of 19.
INSERT INTO persons_name (persons_name) VALUES ('optimize');
CREATE TRIGGER IF NOT EXISTS persons_name_insert AFTER INSERT ON persons BEGIN
    INSERT INTO persons_name (full_name, person_id) VALUES (new.full_name, new.person_id);
END;
CREATE TRIGGER IF NOT EXISTS persons_name_delete AFTER DELETE ON persons BEGIN
    DELETE FROM persons_name WHERE person_id = old.person_id;
END;
CREATE TRIGGER IF NOT EXISTS persons_name_update AFTER UPDATE OF full_name, person_id
    ON persons BEGIN
    DELETE FROM persons_name WHERE person_id = old.person_id;
    INSERT INTO persons_name (full_name, person_id) VALUES (new.full_name, new.person_id);
END;
