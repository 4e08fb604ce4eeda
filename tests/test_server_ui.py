"""The timeline page's routes: the page and its assets, and the scope and subject pickers."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from tem import ManualClock, Memory  # noqa: E402
from tem.server import create_app  # noqa: E402

KEYS = {"key-a": frozenset({"a"}), "key-b": frozenset({"b"}), "key-ab": frozenset({"a", "b"})}
A = {"Authorization": "Bearer key-a"}
AB = {"Authorization": "Bearer key-ab"}


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory(clock=ManualClock()) as m:
        for subject in ("bob", "Ana", "Cozy Home Co."):
            m.add(subject, "lives in", "Lisbon", source="s", observed_at="2024-01-01", scope="a")
        m.add("Zed", "lives in", "Oslo", source="s", observed_at="2024-01-01", scope="b")
        yield m


@pytest.fixture
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory, KEYS)) as c:
        yield c


# -- the page ---------------------------------------------------------------------------------


def test_the_page_is_served_without_a_key_and_names_its_assets(client: TestClient) -> None:
    response = client.get("/ui")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assets = re.findall(r'(?:src|href)="([^"]+)"', response.text)
    assert sorted(assets) == ["ui/static/timeline.css", "ui/static/timeline.js"]
    assert "//" not in "".join(assets)  # nothing from another host: the page works offline


@pytest.mark.parametrize(
    ("name", "media_type", "needle"),
    [("timeline.js", "text/javascript", "textContent"), ("timeline.css", "text/css", ".bar")],
)
def test_the_assets_are_served_with_their_media_type(
    client: TestClient, name: str, media_type: str, needle: str
) -> None:
    response = client.get(f"/ui/static/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(media_type)
    assert needle in response.text


def test_the_script_never_writes_markup() -> None:
    from importlib import resources

    script = (resources.files("tem.server") / "static" / "timeline.js").read_text()
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(", script)


@pytest.mark.parametrize("name", ["index.html", "nope.js", "ui.py"])
def test_only_the_named_assets_are_served(client: TestClient, name: str) -> None:
    response = client.get(f"/ui/static/{name}")
    assert (response.status_code, response.json()) == (404, {"error": f"no such asset: {name!r}"})


@pytest.mark.parametrize("name", ["..%2Fui.py", "%2E%2E%2Fapp.py", "../app.py"])
def test_a_path_outside_the_assets_is_404(client: TestClient, name: str) -> None:
    response = client.get(f"/ui/static/{name}")
    assert response.status_code == 404
    assert "def " not in response.text


def test_the_page_stays_out_of_the_openapi_schema_and_its_reads_are_in(
    client: TestClient,
) -> None:
    paths = set(client.get("/openapi.json").json()["paths"])
    assert not {"/ui", "/ui/static/{name}"} & paths
    assert {"/v1/scopes", "/v1/subjects"} <= paths  # Memory.scopes and Memory.subjects


# -- the pickers ------------------------------------------------------------------------------


def test_scopes_are_the_keys_scopes(client: TestClient) -> None:
    assert client.get("/v1/scopes", headers=AB).json() == {
        "results": [{"scope": "a"}, {"scope": "b"}]
    }
    assert client.get("/v1/scopes", headers=A).json() == {"results": [{"scope": "a"}]}


def test_subjects_of_the_keys_scope_sorted_case_insensitively(client: TestClient) -> None:
    found = client.get("/v1/subjects", headers=A).json()["results"]
    assert found == [{"subject": "Ana"}, {"subject": "bob"}, {"subject": "Cozy Home Co."}]
    assert client.get("/v1/subjects?scope=b", headers=AB).json() == {
        "results": [{"subject": "Zed"}]
    }


def test_subjects_of_another_keys_scope_is_403(client: TestClient) -> None:
    response = client.get("/v1/subjects?scope=b", headers=A)
    assert response.status_code == 403
    assert response.json() == {"error": "this API key may not use scope 'b'"}


@pytest.mark.parametrize("path", ["/v1/scopes", "/v1/subjects"])
def test_no_key_or_an_unknown_key_is_401(client: TestClient, path: str) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}):
        response = client.get(path, headers=headers)
        assert response.status_code == 401
        assert response.headers["www-authenticate"] == "Bearer"


def test_a_bad_scope_is_one_line_422(client: TestClient) -> None:
    assert client.get("/v1/subjects", headers=AB).json() == {
        "error": "scope: this key is bound to several scopes; name one"
    }
    response = client.get("/v1/subjects?scope=%20", headers=AB)
    assert (response.status_code, response.json()) == (422, {"error": "scope: must not be empty"})


def test_without_keys_every_stored_scope_and_the_default(memory: Memory) -> None:
    with TestClient(create_app(memory)) as open_client:
        scopes = open_client.get("/v1/scopes").json()["results"]
        assert scopes == [{"scope": "a"}, {"scope": "b"}, {"scope": "default"}]
        assert open_client.get("/v1/subjects").json() == {"results": []}
        assert open_client.get("/v1/subjects?scope=b").json()["results"] == [{"subject": "Zed"}]


def test_a_forgotten_subject_leaves_the_list(client: TestClient) -> None:
    client.post("/v1/forget", json={"subject": "bob"}, headers=A)
    found = client.get("/v1/subjects", headers=A).json()["results"]
    assert [r["subject"] for r in found] == ["Ana", "Cozy Home Co."]
