from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal


@dataclass
class Customer:
    id: int
    name: str
    email: str
    locale: str = "en_US"


@dataclass
class LineItem:
    description: str
    quantity: int
    unit_price: Decimal

    @property
    def total(self) -> Decimal:
        return self.unit_price * self.quantity


@dataclass
class Invoice:
    id: int
    customer_id: int
    issued_on: date
    due_on: date
    currency: str = "USD"
    status: str = "open"  # open | paid | void
    items: list[LineItem] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((i.total for i in self.items), Decimal("0"))
