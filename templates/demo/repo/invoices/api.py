from datetime import date

from .pdf import render_invoice_pdf
from .store import InvoiceStore


def list_invoices(store: InvoiceStore, customer_id: int, since: str | None = None):
    """GET /customers/{id}/invoices"""
    invoices = store.invoices_for_customer(customer_id, date.fromisoformat(since) if since else None)
    return {"invoices": [{"id": i.id, "total": str(i.total), "status": i.status} for i in invoices]}


def download_invoice(store: InvoiceStore, customer_id: int, invoice_id: int):
    """GET /customers/{id}/invoices/{invoice_id}.pdf"""
    for inv in store.invoices_for_customer(customer_id):
        if inv.id == invoice_id:
            return render_invoice_pdf(inv)
    raise KeyError(invoice_id)
