import sys
from pathlib import Path

# the key-press drivers shared by this folder's tests
sys.path.insert(0, str(Path(__file__).parent))
