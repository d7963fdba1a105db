"""The web page: Flask app factory (`webui.app.create_app`), one blueprint per page area (`webui/views/`),
the SQLite store (`webui/store.py`, the only module with SQL; `webui/db.py` gives each request its
connection), the SSE fan-out (`webui/hub.py`) and the seam to the running assistant (`webui/live.py` over
`riichi_table.assistant`). The page only shows the assistant's state and asks a person what the camera
cannot know.

Importing this package is cheap: nothing heavy is imported until the app is built.
"""
