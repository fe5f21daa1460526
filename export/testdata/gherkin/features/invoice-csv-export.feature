# rtgit export of docs/requirements/invoice-csv-export at 0123456789abcdef0123456789abcdef01234567; sha256:3aaae151dd7a8967
Feature: Let customers export their invoices as CSV

  Our customers' bookkeepers reconcile our invoices against their bank statements every month, and today they cannot get their invoices out of ledgerly in bulk. Their only options are one PDF per invoice through download_invoice, or the JSON from list_invoices, which has no dates, currency or line items. Last month Brightwave Studio's bookkeeper needed 112 invoices for a quarterly close; she emailed support, who ran a saved SQL query against a copy of the production database and sent a spreadsheet two days later.

  @FR-001 @AC-001-01
  Scenario: AC-001-01 Invoice CSV export
    Given customer 42 has 3 invoices
    When they request the export with no filters
    Then the response is 200 text/csv with a header row and exactly 3 rows in issued_on order

  @FR-001 @AC-001-02
  Scenario: AC-001-02 Invoice CSV export
    Given the same customer and filters and no invoice changes in between
    When the export is requested twice
    Then both files are byte-for-byte identical

  @FR-002 @AC-002-01
  Scenario: AC-002-01 Date range filter
    Given invoices issued on 2024-02-29, 2024-03-01 and 2024-03-31
    When the customer exports with since=2024-03-01 and until=2024-03-31
    Then exactly the last two appear

  @FR-002 @AC-002-02
  Scenario: AC-002-02 Date range filter
    Given until is earlier than since or a date is not a real YYYY-MM-DD date
    When the export is requested
    Then the response is 400 INVALID_RANGE or INVALID_DATE naming the parameter, and no CSV is sent

  @FR-003 @AC-003-01
  Scenario: AC-003-01 Status filter
    Given one open, one paid and one void invoice
    When the customer exports with status=open
    Then only the open invoice appears

  @FR-004 @AC-004-01
  Scenario: AC-004-01 Line-item detail
    Given an invoice with 2 line items
    When the customer exports with detail=lines
    Then the file has 2 rows for it whose line_total values sum to its total

  @FR-004 @AC-004-02
  Scenario: AC-004-02 Line-item detail
    Given an invoice with no line items
    When the customer exports with detail=lines
    Then the invoice appears once with empty line columns

  @FR-005 @AC-005-01
  Scenario: AC-005-01 Customer isolation
    Given customers 42 and 43 both have invoices
    When customer 42 exports
    Then no row carries one of customer 43's invoice ids

  @FR-005 @AC-005-02
  Scenario: AC-005-02 Customer isolation
    Given a customer with no invoices in the range
    When they export
    Then the response is 200 with the header row only

  @FR-006 @AC-006-01
  Scenario: AC-006-01 Spreadsheet-safe file format
    Given a line item described as `=HYPERLINK("http://example.com")`
    When it is exported with detail=lines
    Then the cell starts with a single quote and the spreadsheet shows it as text

  @FR-006 @AC-006-02
  Scenario: AC-006-02 Spreadsheet-safe file format
    Given a description containing a comma, a double quote and a line break
    When it is exported
    Then Excel, Google Sheets and LibreOffice show the text intact in one cell

  @FR-007 @AC-007-01
  Scenario: AC-007-01 Exact amounts
    Given an invoice whose PDF shows "Total 19.00 USD"
    When it is exported
    Then its row has total 19.00 and currency USD

  @FR-008 @AC-008-01
  Scenario: AC-008-01 Semicolon delimiter
    Given a total of 1234.50
    When the customer exports with delimiter=semicolon
    Then the cell reads 1234,50 and German Excel opens the file with a double-click

  @FR-009 @AC-009-01
  Scenario: AC-009-01 Row cap
    Given a range that matches 120,000 line-item rows
    When the customer exports with detail=lines
    Then the response is 422 EXPORT_TOO_LARGE stating 120000 rows and the 100000 limit

  @FR-010 @AC-010-01
  Scenario: AC-010-01 Emailed background export
    Given an export refused with EXPORT_TOO_LARGE
    When the customer chooses "email me the file"
    Then they receive a link that works for 7 days
