import { describe, expect, test } from "bun:test";
import { addDays, annualCents, feeCents, formatMoney, parseMoney, parsePercent, refundCents, splitAmount } from "./fee";

describe("fee maths", () => {
  test.each([
    // salary (cents), period, rule, fee (cents)
    [6_000_000, "year", { type: "percent", basisPoints: 2000 }, 1_200_000],
    [500_000, "month", { type: "percent", basisPoints: 1500 }, 900_000],
    [100_000, "week", { type: "percent", basisPoints: 1000 }, 520_000],
    [40_000, "day", { type: "percent", basisPoints: 1250 }, 1_300_000],
    [5_000, "hour", { type: "percent", basisPoints: 1800 }, 1_872_000],
    // 20.5% of 33,333.33 = 6,833.33265 → 6,833.33
    [3_333_333, "year", { type: "percent", basisPoints: 2050 }, 683_333],
    // half a cent rounds up: 0.5% of 1.01 = 0.00505 → 0.01
    [101, "year", { type: "percent", basisPoints: 50 }, 1],
    [6_000_000, "year", { type: "fixed", cents: 750_000 }, 750_000],
    [6_000_000, "year", { type: "percent", basisPoints: 0 }, 0],
  ] as const)("%d per %s, %o → %d", (salary, period, rule, fee) => {
    expect(feeCents(salary, period, rule)).toBe(fee);
  });

  test("a year is 12 months, 52 weeks, 260 days, 2,080 hours", () => {
    expect([annualCents(100, "year"), annualCents(100, "month"), annualCents(100, "week"), annualCents(100, "day"), annualCents(100, "hour")]).toEqual([100, 1200, 5200, 26_000, 208_000]);
  });

  test("refund share of the fee", () => {
    expect(refundCents(1_200_000, 5000)).toBe(600_000);
    expect(refundCents(1_000_001, 3333)).toBe(333_300);
    expect(refundCents(1_200_000, 0)).toBe(0);
  });

  test("a split's parts add up to the fee to the cent, the cents left to the largest remainders", () => {
    const three = splitAmount(100_000, [
      { userId: 1, basisPoints: 3333 },
      { userId: 2, basisPoints: 3333 },
      { userId: 3, basisPoints: 3334 },
    ]);
    expect([...three.values()].reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(three.get(3)).toBe(33_340);
    const odd = splitAmount(1001, [
      { userId: 1, basisPoints: 5000 },
      { userId: 2, basisPoints: 5000 },
    ]);
    expect([odd.get(1), odd.get(2)]).toEqual([501, 500]);
    for (const fee of [1, 7, 99_999, 1_234_567]) {
      const parts = splitAmount(fee, [
        { userId: 4, basisPoints: 2500 },
        { userId: 5, basisPoints: 1667 },
        { userId: 6, basisPoints: 5833 },
      ]);
      expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(fee);
    }
  });

  test("amounts and percentages as people type them", () => {
    expect(parseMoney("55,000.5")).toBe(5_500_050);
    expect(parseMoney(60000)).toBe(6_000_000);
    expect(parseMoney("60 000")).toBe(6_000_000);
    expect([parseMoney("-1"), parseMoney("1.234"), parseMoney("abc"), parseMoney("")]).toEqual([null, null, null, null]);
    expect([parsePercent("20"), parsePercent("12.5%"), parsePercent(100), parsePercent("0")]).toEqual([2000, 1250, 10_000, 0]);
    expect([parsePercent("100.01"), parsePercent("-5"), parsePercent("1.001")]).toEqual([null, null, null]);
  });

  test("money shown with its currency; dates plus days", () => {
    expect(formatMoney(1_200_000, "EUR")).toBe("€12,000.00");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
    expect(addDays("2027-01-31", 90)).toBe("2027-05-01");
  });
});
