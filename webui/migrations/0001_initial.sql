-- riichi-table web store, version 1: settings, the club night (players, tables, games, hands with history)
-- and the labelled corrections made on the hand check page.

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL                    -- JSON
);

CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    guest      INTEGER NOT NULL DEFAULT 0 CHECK (guest IN (0, 1)),
    created_at TEXT NOT NULL
);

CREATE TABLE nights (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    held_on    TEXT NOT NULL,              -- ISO date
    rules      TEXT NOT NULL,              -- JSON rule spec: a preset name or {"preset": ..., overrides}
    created_at TEXT NOT NULL
);

CREATE TABLE club_tables (
    id       INTEGER PRIMARY KEY,
    night_id INTEGER NOT NULL REFERENCES nights (id),
    name     TEXT NOT NULL,
    UNIQUE (night_id, name)
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    night_id    INTEGER NOT NULL REFERENCES nights (id),
    table_id    INTEGER REFERENCES club_tables (id),
    rules       TEXT NOT NULL,             -- JSON rule spec, copied from the night when the game starts
    status      TEXT NOT NULL CHECK (status IN ('running', 'finished')),
    started_at  TEXT NOT NULL,
    finished_at TEXT
);

-- seat 0 is the first dealer (East in the first hand); seats go counter-clockwise.
CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (game_id, seat)
);

-- One row per recorded hand result (JSON, see webui/results.py). Scores are never stored: they are
-- derived by replaying the active hands of a game in position order through the engine.
CREATE TABLE hands (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    position    INTEGER NOT NULL,
    result      TEXT NOT NULL,
    active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    recorded_at TEXT NOT NULL
);
CREATE INDEX hands_by_game ON hands (game_id, position);

-- Every change to a hand (recorded, edited, undone) with the result before and after.
CREATE TABLE hand_history (
    id      INTEGER PRIMARY KEY,
    hand_id INTEGER NOT NULL REFERENCES hands (id),
    action  TEXT NOT NULL CHECK (action IN ('record', 'edit', 'undo')),
    before  TEXT,
    after   TEXT,
    at      TEXT NOT NULL
);

CREATE TABLE corrections (
    id         INTEGER PRIMARY KEY,
    photo      TEXT NOT NULL,              -- file name under <data>/labelled/images
    labels     TEXT NOT NULL,              -- file name under <data>/labelled/labels
    tiles      TEXT NOT NULL,              -- the corrected hand in notation
    created_at TEXT NOT NULL
);
