"""The page areas, one blueprint each: table, hand check, scoreboard, club night, settings, JSON API."""
