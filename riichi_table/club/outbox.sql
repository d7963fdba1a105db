-- A table's club outbox (its own SQLite file beside the table's data, never the web database). Version 1.
-- Every message is written here before it is sent; `id` is the delivery order.
CREATE TABLE IF NOT EXISTS outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    key        TEXT NOT NULL UNIQUE,        -- the idempotency key sent with the message
    type       TEXT NOT NULL,
    game       TEXT NOT NULL,
    seq        INTEGER,
    body       TEXT NOT NULL,               -- the JSON message as sent
    state      TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'refused')),
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    done_at    TEXT,
    response   TEXT,                        -- the server's JSON answer (sent) or why it refused (refused)
    status     INTEGER                      -- the HTTP status of the last answer
);
CREATE INDEX IF NOT EXISTS outbox_waiting ON outbox (state, id);
