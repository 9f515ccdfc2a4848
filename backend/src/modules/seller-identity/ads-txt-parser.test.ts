import { findSellerLine, parseAdsTxt, variableValues } from "./ads-txt-parser";

describe("ads.txt parser (IAB ads.txt 1.1)", () => {
  it("reads the spec's example file: records, certification ids, comments and variables", () => {
    const file = parseAdsTxt(
      [
        "# ads.txt file for example.com:",
        "greenadexchange.com, 12345, DIRECT, d75815a79",
        "silverssp.com, 9675, RESELLER, f496211",
        "blueadexchange.com, XF436, DIRECT",
        "orangeexchange.com, 45678, RESELLER",
        "silverssp.com, ABE679, RESELLER",
        "contact=adops@example.com",
        "contact=http://example.com/contact-us",
        "subdomain=divisionone.example.com",
        "ownerdomain=example.com",
        "managerdomain=manager.example",
      ].join("\n"),
    );
    expect(file.errors).toEqual([]);
    expect(file.records).toHaveLength(5);
    expect(file.records[0]).toEqual({ domain: "greenadexchange.com", accountId: "12345", relationship: "DIRECT", certificationAuthorityId: "d75815a79", line: 2 });
    expect(file.records[2].certificationAuthorityId).toBeNull();
    expect(variableValues(file, "contact")).toEqual(["adops@example.com", "http://example.com/contact-us"]);
    expect(variableValues(file, "subdomain")).toEqual(["divisionone.example.com"]);
    expect(variableValues(file, "ownerdomain")).toEqual(["example.com"]);
    expect(variableValues(file, "managerdomain")).toEqual(["manager.example"]);
  });

  it("takes CRLF, LF and CR line ends alike and ignores a byte order mark", () => {
    for (const end of ["\r\n", "\n", "\r"]) {
      const file = parseAdsTxt(`\uFEFFads.example, 7, DIRECT${end}other.example, 8, RESELLER${end}`);
      expect(file.records.map((record) => [record.domain, record.line])).toEqual([
        ["ads.example", 1],
        ["other.example", 2],
      ]);
    }
  });

  it("drops trailing comments, surrounding spaces and extension fields after a semicolon", () => {
    const file = parseAdsTxt("  Ads.Example ,  42 , direct ;extension=data  # our network\n# whole-line comment\n\n");
    expect(file.records).toEqual([{ domain: "ads.example", accountId: "42", relationship: "DIRECT", certificationAuthorityId: null, line: 1 }]);
  });

  it("reports lines that are neither records nor variables, with their line numbers", () => {
    const file = parseAdsTxt("just some text\nads.example, 1, PARTNER\nads.example, , DIRECT\n<html>");
    expect(file.records).toEqual([]);
    expect(file.errors.map((error) => error.line)).toEqual([1, 2, 3, 4]);
    expect(file.errors[1].reason).toMatch(/DIRECT or RESELLER, not PARTNER/);
  });

  it("reads variable names without regard to case", () => {
    expect(variableValues(parseAdsTxt("SUBDOMAIN=news.example.com\nContact = ops@example.com"), "subdomain")).toEqual(["news.example.com"]);
  });
});

describe("finding the network's line", () => {
  const expected = { domain: "ads.example", accountId: "17" };

  it("matches the domain without regard to case and the relationship DIRECT", () => {
    expect(findSellerLine(parseAdsTxt("ADS.EXAMPLE, 17, Direct"), expected)).toEqual({ found: true });
  });

  it("says why a near miss is not the line", () => {
    expect(findSellerLine(parseAdsTxt("ads.example, 17, RESELLER"), expected)).toEqual({ found: false, reason: "line 1 says RESELLER where it should say DIRECT" });
    expect(findSellerLine(parseAdsTxt("ads.example, 71, DIRECT"), expected)).toEqual({ found: false, reason: "ads.example is listed with another account id (71) than yours (17)" });
    expect(findSellerLine(parseAdsTxt("other.example, 17, DIRECT"), expected)).toEqual({ found: false, reason: "no line for ads.example among 1 records" });
  });
});
