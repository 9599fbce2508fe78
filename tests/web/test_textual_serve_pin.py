"""The upgrade path of textual-serve: ``web/server.py`` overrides and reads internals of
textual-serve (private methods and attributes, a decorated handler's ``__wrapped__``, its page
template's name and static files) written for the version pyproject's ``web`` extra pins.

These tests name each internal the server relies on and fail, saying which one is gone, when
the installed textual-serve no longer has it. To move to a new textual-serve: install it, run
this file, adapt ``web/server.py`` and its template to what fails, run ``tests/web/``, then
raise the pin in pyproject.toml."""

from __future__ import annotations

import ast
import importlib.metadata
import inspect
import re
import tomllib
from pathlib import Path

import pytest

textual_serve = pytest.importorskip("textual_serve")
from packaging.requirements import Requirement  # noqa: E402
from textual_serve import app_service, server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "cardtable" / "web" / "server.py"
TEMPLATE = ROOT / "src" / "cardtable" / "web" / "templates" / "app_index.html"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
[PIN] = [
    Requirement(r)
    for r in PYPROJECT["project"]["optional-dependencies"]["web"]
    if Requirement(r).name == "textual-serve"
]
PINNED = next(iter(PIN.specifier)).version
INSTALLED = importlib.metadata.version("textual-serve")

#: What web/server.py relies on, per textual-serve class: methods it overrides or calls, with
#: the parameters it passes or expects, and the instance attributes it reads or sets.
METHODS = {
    "AppService": {
        "__init__": ["self", "command", "write_bytes", "write_str", "close", "download_manager", "debug"],
        "_open_app_process": ["self", "width", "height"],  # overridden: started without a shell
        "_build_environment": ["self", "width", "height"],
        "start": ["self", "width", "height"],
        "send_meta": ["self", "data"],
        "stop": ["self"],  # overridden
    },
    "Server": {
        "__init__": ["self", "command", "host", "port", "title", "templates_path", "public_url"],
        "_make_app": ["self"],  # extended: the token's middleware
        "_process_messages": ["self", "websocket", "app_service"],
        "handle_index": ["self", "request"],  # overridden, calling the original's __wrapped__
        "handle_websocket": ["self", "request"],  # overridden
        "on_startup": ["self", "app"],  # overridden: no banner
        "on_shutdown": ["self", "app"],  # overridden
    },
}
ATTRIBUTES = {
    "AppService": ["_process", "_stdin", "_task", "_download_manager", "app_service_id"],
    "Server": ["download_manager", "debug", "public_url", "host", "port"],
}
FUNCTIONS = ["to_int"]  # textual_serve.server.to_int(value, default)


def _instances():
    try:
        from textual_serve.download_manager import DownloadManager
    except ImportError as error:
        pytest.fail(f"textual-serve {INSTALLED}: {error} (web/server.py hands AppService its DownloadManager)")

    async def nothing(*_args) -> None:
        return None

    service = app_service.AppService(
        "true", write_bytes=nothing, write_str=nothing, close=nothing, download_manager=DownloadManager()
    )
    return {"AppService": service, "Server": server.Server("true", host="127.0.0.1", port=0)}


def test_the_installed_textual_serve_is_the_one_the_server_was_written_for():
    assert INSTALLED == PINNED, (
        f"textual-serve {INSTALLED} is installed, but web/server.py was written for {PINNED} (the web "
        "extra's pin): run tests/web/test_textual_serve_pin.py, adapt web/server.py, then raise the pin"
    )


@pytest.mark.parametrize("owner", sorted(METHODS))
def test_every_method_the_server_overrides_or_calls_is_still_there(owner):
    cls = getattr(app_service if owner == "AppService" else server, owner)
    gone, changed = [], []
    for name, parameters in METHODS[owner].items():
        method = getattr(cls, name, None)
        if method is None:
            gone.append(name)
            continue
        method = inspect.unwrap(method) if name == "handle_index" else method
        found = list(inspect.signature(method).parameters)
        if found != parameters and not (name == "__init__" and set(parameters) <= set(found)):
            changed.append(f"{name}{tuple(found)} (web/server.py expects {tuple(parameters)})")
    assert not gone, f"textual-serve {INSTALLED}: {owner} has no {', '.join(gone)} any more (see this file's docstring)"
    assert not changed, f"textual-serve {INSTALLED}: {owner}'s signatures changed: {'; '.join(changed)}"
    if owner == "Server":
        assert hasattr(cls.handle_index, "__wrapped__"), "Server.handle_index is no longer a wrapped template handler"


@pytest.mark.parametrize("owner", sorted(ATTRIBUTES))
def test_every_attribute_the_server_reads_or_sets_is_still_there(owner):
    instance = _instances()[owner]
    gone = [name for name in ATTRIBUTES[owner] if not hasattr(instance, name)]
    assert not gone, f"textual-serve {INSTALLED}: a new {owner} has no {', '.join(gone)} (see this file's docstring)"
    if owner == "AppService":  # the attributes the override sets are the ones the base class reads
        source = inspect.getsource(app_service.AppService)
        unread = [name for name in ("_process", "_stdin", "_task") if f"self.{name}" not in source]
        assert not unread, f"textual-serve {INSTALLED}: AppService no longer uses {unread}"


def test_the_functions_and_the_page_the_server_uses_are_still_there():
    for name in FUNCTIONS:
        assert callable(getattr(server, name, None)), f"textual-serve {INSTALLED}: no server.{name} any more"
    assert server.to_int("12", 80) == 12 and server.to_int("x", 80) == 80
    static = Path(server.__file__).parent / "static"
    used = re.findall(r"\{\{ config\.static\.url \}\}([^\"')]+)", TEMPLATE.read_text(encoding="utf-8"))
    assert used, "the template names no static file"
    gone = [path for path in used if not (static / path).is_file()]
    assert not gone, f"textual-serve {INSTALLED} no longer ships {gone}, which our page template loads"
    assert (Path(server.__file__).parent / "templates" / "app_index.html").is_file()


def _private_names_used_on(tree: ast.AST) -> set[str]:
    """``self._x`` and ``super()._x`` names in web/server.py."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            target = node.value
            is_super = isinstance(target, ast.Call) and getattr(target.func, "id", None) == "super"
            if is_super or (isinstance(target, ast.Name) and target.id == "self"):
                names.add(node.attr)
    return names


def test_the_list_above_names_every_private_internal_the_server_uses():
    """A private name of textual-serve used in web/server.py and missing above would go unchecked."""
    if INSTALLED != PINNED:
        pytest.skip("the classification below reads the pinned textual-serve")
    instances = _instances()
    theirs = {
        name
        for name in _private_names_used_on(ast.parse(SERVER.read_text(encoding="utf-8")))
        if any(hasattr(obj, name) for obj in (*instances.values(), app_service.AppService, server.Server))
    }
    listed = {name for owner in METHODS for name in METHODS[owner]} | {n for o in ATTRIBUTES for n in ATTRIBUTES[o]}
    assert theirs <= listed, f"web/server.py uses textual-serve's {sorted(theirs - listed)}: add them to this file"
