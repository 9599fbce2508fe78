import sys
from pathlib import Path

# the helpers shared by this folder's tests (and the table's key-press drivers, and the browser tab's screen)
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tui"))
sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
