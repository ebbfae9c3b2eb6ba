"""Expected failures, each with an HTTP status and a message safe to show an officer."""

from __future__ import annotations


class CrimeAssistError(Exception):
    """Base of every expected failure."""

    status_code = 500
    code = "internal_error"
    safe_message = "Something went wrong; the request was not completed."

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(detail or self.safe_message)
        self.detail = detail or self.safe_message


class BadInput(CrimeAssistError):
    status_code = 422
    code = "bad_input"
    safe_message = "The request was not valid."


class NotAuthenticated(CrimeAssistError):
    status_code = 401
    code = "not_authenticated"
    safe_message = "A valid officer token is required."


class NotAuthorised(CrimeAssistError):
    status_code = 403
    code = "not_authorised"
    safe_message = "You are not authorised for that."


class QueryRejected(CrimeAssistError):
    status_code = 422
    code = "query_rejected"
    safe_message = "I can't run that query."

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


class BackendUnavailable(CrimeAssistError):
    status_code = 503
    code = "backend_unavailable"
    safe_message = "A data service is unavailable; please try again shortly."


class AuditUnavailable(CrimeAssistError):
    status_code = 503
    code = "audit_unavailable"
    safe_message = "The audit trail cannot record right now, so the request was refused."
