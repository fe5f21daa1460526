from .models import Invoice


def render_invoice_pdf(invoice: Invoice) -> bytes:
    """Renders one invoice as a (very) minimal PDF document."""
    lines = [f"Invoice {invoice.id}", f"Total {invoice.total} {invoice.currency}"]
    body = "\n".join(lines).encode()
    return b"%PDF-1.4\n" + body + b"\n%%EOF\n"
