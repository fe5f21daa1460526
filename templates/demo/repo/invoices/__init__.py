"""ledgerly: a small invoicing service."""
