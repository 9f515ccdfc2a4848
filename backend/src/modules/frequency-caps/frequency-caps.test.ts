import { DomainError } from "../../common/errors";
import { frequencyCapsDocument, parseFrequencyCaps, storedFrequencyCaps } from "./frequency-caps";

function refusal(raw: unknown): { field?: string; message: string } {
  try {
    parseFrequencyCaps(raw);
  } catch (error) {
    if (error instanceof DomainError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

it("accepts one cap per period, and reads nothing or an empty list as no caps", () => {
  expect(parseFrequencyCaps([{ count: 2, per: "day" }, { count: 5, per: "week" }, { count: 1000, per: "flight" }, { count: 1, per: "hour" }])).toEqual([
    { count: 2, per: "day" },
    { count: 5, per: "week" },
    { count: 1000, per: "flight" },
    { count: 1, per: "hour" },
  ]);
  expect(parseFrequencyCaps(undefined)).toBeNull();
  expect(parseFrequencyCaps(null)).toBeNull();
  expect(parseFrequencyCaps([])).toBeNull();
});

it("refuses a count of 0, over 1,000 or not whole, naming the cap's count", () => {
  expect(refusal([{ count: 0, per: "day" }])).toEqual({ field: "frequencyCaps[0].count", message: "A frequency cap allows from 1 to 1000 impressions" });
  expect(refusal([{ count: 3, per: "day" }, { count: 1001, per: "week" }]).field).toBe("frequencyCaps[1].count");
  expect(refusal([{ count: 1.5, per: "day" }]).field).toBe("frequencyCaps[0].count");
  expect(refusal([{ count: "2", per: "day" }]).field).toBe("frequencyCaps[0].count");
});

it("refuses an unknown period, a second cap for the same period, and what is not a list of caps", () => {
  expect(refusal([{ count: 2, per: "month" }])).toEqual({ field: "frequencyCaps[0].per", message: "A frequency cap is per hour, day, week, flight" });
  expect(refusal([{ count: 2, per: "day" }, { count: 3, per: "day" }])).toEqual({
    field: "frequencyCaps[1].per",
    message: "There is already a cap per day: one cap per period",
  });
  expect(refusal("2 per day").field).toBe("frequencyCaps");
  expect(refusal([null]).field).toBe("frequencyCaps[0]");
});

it("stores the caps as a JSON document and reads them back", () => {
  const caps = parseFrequencyCaps([{ count: 2, per: "day" }]);
  expect(storedFrequencyCaps(frequencyCapsDocument(caps))).toEqual(caps);
  expect(frequencyCapsDocument(null)).toBeNull();
  expect(storedFrequencyCaps(null)).toBeNull();
});
