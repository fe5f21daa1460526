# rtgit export of docs/requirements/pdf-total-rounding at 0123456789abcdef0123456789abcdef01234567; sha256:0c362e55b0f40b9c
Feature: Invoice PDFs show a different total from the invoice list when a unit price has three decimals

  Expected: Both show the same total, rounded to the currency's two decimals: 10.01 EUR.

  Actual: list_invoices shows "10.005" as a string and the dashboard rounds it to 10.01 for display, while the PDF prints "Total 10.005 EUR" unrounded.
