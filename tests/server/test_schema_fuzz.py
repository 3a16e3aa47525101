"""Schemathesis against ``/openapi.json`` of a fresh app: requests generated from the
document itself, valid and invalid, must get no server error and an answer the
document declares (status, content type, headers and body schema).

Bounded and repeatable: a fixed number of examples per operation and mode, drawn
with a derandomized (fixed) Hypothesis seed. The run prints how many requests it
sent and how many failed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.server import SQLITE_ONLY
from tilematch.server import create_app

#: Examples per operation and generation mode.
EXAMPLES = 30
CHECKS = [
    schemathesis.checks.not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def fuzz(app: Any) -> tuple[Counter[str], list[str]]:
    """Run every operation of ``app``'s document in both modes; returns the statuses seen
    (``"POST /api/games 201"`` counted) and one line per failed request."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    seen: Counter[str] = Counter()
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20, [op.label for op in operations]
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            fuzz_operation(operation, mode, seen, failures)
    return seen, failures


def fuzz_operation(operation: Any, mode: Any, seen: Counter[str], failures: list[str]) -> None:
    """:data:`EXAMPLES` requests of ``operation`` in ``mode``, each checked."""
    checks = [*CHECKS, negative_data_rejection] if mode is GenerationMode.NEGATIVE else CHECKS

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        response = case.call()
        seen[f"{operation.label} {response.status_code}"] += 1
        try:
            case.validate_response(response, checks=checks)
        except FailureGroup as group:
            titles = "; ".join(sorted({f.title for f in group.exceptions}))
            failures.append(f"{mode} {operation.label} -> {response.status_code}: {titles}")

    try:
        run()
    except Unsatisfiable:
        # no request of this operation breaks its document (no body, only free strings)
        assert mode is GenerationMode.NEGATIVE and not operation.body, operation.label


@SQLITE_ONLY
def test_generated_requests_get_only_declared_answers(make_settings: Any) -> None:
    app = create_app(
        make_settings(
            web_dir=None,
            players_per_minute=600_000.0,
            players_burst=100_000,
            create_per_minute=600_000.0,
            create_burst=100_000,
            requests_per_second=100_000.0,
            request_burst=100_000,
        )
    )
    seen, failures = fuzz(app)
    requests = sum(seen.values())
    statuses = Counter(key.rsplit(" ", 1)[1] for key in seen.elements())
    print(f"schemathesis: {requests} requests, {len(failures)} failed; statuses {dict(statuses)}")
    assert failures == [], "\n".join(failures[:40])
    assert not any(status.startswith("5") for status in statuses)
    # a real run: both accepted and refused requests, on most operations
    assert statuses["200"] + statuses["201"] > 100 and statuses["422"] > 100
    assert requests > 600


def test_the_document_declares_the_error_answers_and_the_name_rule(client: Any) -> None:
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}

    def schema_of(path: str, method: str, status: str) -> Any:
        return paths[path][method]["responses"][status]["content"]["application/json"]["schema"]

    for status in ("400", "401", "404", "409", "413", "415", "422", "429", "503"):
        assert schema_of("/api/games/{game_id}/actions", "post", status) == error_ref, status
    assert "Retry-After" in paths["/api/games"]["post"]["responses"]["429"]["headers"]
    assert "404" in paths["/api/duels/{code}"]["get"]["responses"]
    assert "HTTPValidationError" not in doc["components"]["schemas"]  # never sent
    error = doc["components"]["schemas"]["ErrorDetail"]
    assert set(error["required"]) == {"code", "message"}
    name = doc["components"]["schemas"]["NameBody"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (1, 24)
