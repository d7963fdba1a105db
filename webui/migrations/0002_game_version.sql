-- riichi-table web store, version 2: a per-game change counter, and void games.
--
-- games.version starts at 0 and goes up by one on every change of the game's hands (a hand recorded,
-- edited or undone) and of its status (ended, reopened, voided), in the same transaction as that change.
-- Every form that changes a game carries the version it was drawn at; the store compares it with the
-- column inside the write's transaction and refuses the write when they differ (a second tab, the
-- browser's Back), so a stale form can never file a hand for a hand that has moved on.
-- Another writer (the club server's ingest) must do the same: check and bump games.version in its own
-- transaction.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET version = (
    SELECT COUNT(*) FROM hand_history h JOIN hands ON hands.id = h.hand_id WHERE hands.game_id = games.id
);

-- A voided game (started by mistake) stays in the history with its hands, but counts in no standings.
ALTER TABLE games ADD COLUMN voided_at TEXT;
