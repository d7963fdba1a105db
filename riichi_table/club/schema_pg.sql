-- The club server's own store (PostgreSQL; the SQLite twin is schema_sqlite.sql). Version 1.
-- Tables and their token hashes; games pushed by tables; each hand's current version; every version kept;
-- one receipt per idempotency key (a resend is answered from here and never counts twice).
CREATE TABLE IF NOT EXISTS club_tables (
    name       TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,   -- sha256 of the token; the token itself is printed once
    revoked    SMALLINT NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_games (
    game        TEXT PRIMARY KEY,
    table_name  TEXT NOT NULL REFERENCES club_tables (name),
    night       TEXT NOT NULL,          -- ISO date the server received the game's start
    rules       TEXT NOT NULL,          -- JSON rule spec
    names       TEXT NOT NULL,          -- JSON: 4 names, seat 0 first dealer
    started_at  TEXT NOT NULL,
    ended_at    TEXT,
    final_state TEXT                    -- JSON STATE (docs/club.md) once the game ended
);
CREATE INDEX IF NOT EXISTS club_games_by_night ON club_games (night, table_name);
CREATE TABLE IF NOT EXISTS club_hands (
    game        TEXT NOT NULL REFERENCES club_games (game),
    seq         INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    hand        TEXT NOT NULL,          -- JSON HAND (docs/club.md)
    received_at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS club_hand_history (
    game        TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('table', 'club')),
    reason      TEXT NOT NULL,
    hand        TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (game, seq, version)
);
CREATE TABLE IF NOT EXISTS club_receipts (
    key         TEXT PRIMARY KEY,
    table_name  TEXT NOT NULL,
    digest      TEXT NOT NULL,
    response    TEXT NOT NULL,
    received_at TEXT NOT NULL
);
