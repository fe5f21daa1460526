from decimal import Decimal

from invoices.models import Invoice, LineItem


def test_invoice_total():
    inv = Invoice(1, 1, None, None, items=[LineItem("Widget", 2, Decimal("9.50"))])
    assert inv.total == Decimal("19.00")
