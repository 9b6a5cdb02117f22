"""The status line: whose turn it is and what can be done now, or why a choice was refused."""

from __future__ import annotations

from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

ERROR_MARK = "✗ "


class StatusLine(Static):
    """One or two lines of guidance under the table.

    ``update(text, error=True)`` shows an explanation of a refused choice: the ``-error``
    class colours it, and a leading cross marks it for terminals without colour.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 2;
    }
    """

    def update(self, content: VisualType = "", *, error: bool = False,
               layout: bool = True) -> None:
        """Show ``content``; ``error`` marks it as a refusal (class ``-error``)."""
        self.set_class(error, "-error")
        if error:
            body = content if isinstance(content, Content) else Content(str(content))
            content = Content(ERROR_MARK) + body
        super().update(content, layout=layout)

    @property
    def is_error(self) -> bool:
        """True while an error explanation is shown."""
        return self.has_class("-error")

    @property
    def text(self) -> str:
        """The plain text shown now (tests and screen readers)."""
        return str(self.visual) if self.visual is not None else ""
