import sqlite3
from datetime import date
from decimal import Decimal

from .models import Invoice, LineItem


class InvoiceStore:
    """Reads and writes invoices in SQLite."""

    def __init__(self, path: str):
        self.db = sqlite3.connect(path)

    def invoices_for_customer(self, customer_id: int, since: date | None = None) -> list[Invoice]:
        sql = "SELECT id, customer_id, issued_on, due_on, currency, status FROM invoices WHERE customer_id = ?"
        args: list = [customer_id]
        if since:
            sql += " AND issued_on >= ?"
            args.append(since.isoformat())
        rows = self.db.execute(sql, args).fetchall()
        return [self._load(row) for row in rows]

    def _load(self, row) -> Invoice:
        inv = Invoice(row[0], row[1], date.fromisoformat(row[2]), date.fromisoformat(row[3]), row[4], row[5])
        for desc, qty, price in self.db.execute(
            "SELECT description, quantity, unit_price FROM line_items WHERE invoice_id = ?", (inv.id,)
        ):
            inv.items.append(LineItem(desc, qty, Decimal(price)))
        return inv
