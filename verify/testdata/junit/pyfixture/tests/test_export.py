import pytest


def header():
    return "number;date;total"


# AC-001-01: the first row names the columns
def test_header_row():
    assert header().startswith("number")


@pytest.mark.parametrize("day", [1, 31])
def test_date_range_AC_002_01(day):
    assert 1 <= day <= 31


class TestStatus:
    # AC-003-01: the status filter keeps paid invoices only. It fails here
    # on purpose, so the report holds a failure.
    def test_status_filter(self):
        assert ["paid", "open"] == ["paid"]


# AC-004-01
@pytest.mark.skip(reason="line items are not built yet")
def test_line_items():
    pass
