from riichi_table.cli import main

raise SystemExit(main())
