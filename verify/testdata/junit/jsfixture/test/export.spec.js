const assert = require("node:assert");

describe("CSV export", () => {
  it("AC-001-01 names the columns in the first row", () => {
    assert.ok("number;date;total".startsWith("number"));
  });

  // AC-002-01
  it("keeps invoices inside the date range", () => {
    assert.strictEqual([1, 2, 3].filter((d) => d >= 2).length, 2);
  });

  it("AC-003-01 keeps paid invoices only", () => {
    assert.strictEqual(["paid", "open"].filter((s) => s === "paid").length, 2);
  });
});
