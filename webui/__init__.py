"""The web page and the running assistant: Flask app factory (`webui.app.create_app`), one blueprint per page
area (`webui/views/`), the SQLite store (`webui/store.py`, the only module with SQL), the SSE fan-out
(`webui/hub.py`) and the seam to the live pipeline (`webui/live.py` over `webui/pipeline.py`).

Importing this package is cheap: nothing heavy is imported until the app is built.
"""
