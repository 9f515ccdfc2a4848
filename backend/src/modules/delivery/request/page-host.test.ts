import { hostOf, hostOnDomain, namedHost } from "./page-host";

const onSite = (page: string, domain: string) => typeof namedHost([page], domain) === "string";

it("matches a page on an internationalised domain against the punycode the site is stored in", () => {
  expect(onSite("https://bücher.example/angebote", "xn--bcher-kva.example")).toBe(true);
  expect(onSite("https://shop.xn--bcher-kva.example/", "xn--bcher-kva.example")).toBe(true);
  expect(onSite("https://buecher.example/", "xn--bcher-kva.example")).toBe(false);
});

it("matches a page on localhost, whatever its port", () => {
  expect(onSite("http://localhost:5173/demo.html", "localhost")).toBe(true);
  expect(onSite("http://shop.localhost:3000/", "shop.localhost")).toBe(true);
});

it("reads the host as a browser would, and nothing that is not an http(s) address", () => {
  expect(hostOf("https://user@evil.example@Shop.Example.COM.:8443/a?b#c")).toBe("shop.example.com");
  expect(hostOf("https://shop.example.com\\@evil.example/")).toBe("shop.example.com");
  expect(hostOf("javascript:alert(1)")).toBeNull();
  expect(hostOf(`https://${"a".repeat(400)}.example.com/`)).toBeNull();
  expect(hostOnDomain("notshop.example.com", "shop.example.com")).toBe(false);
  expect(hostOnDomain("www.shop.example.com", "www.shop.example.com")).toBe(true);
});

it("needs every address a request names on the site, and says when it names none", () => {
  expect(namedHost([undefined, "null", undefined], "shop.example")).toBeNull();
  expect(namedHost(["https://shop.example/a", "https://shop.example"], "shop.example")).toBe("shop.example");
  expect(namedHost(["https://shop.example/a", undefined, "https://other.example/"], "shop.example")).toBe(false);
  expect(namedHost(["https://cdn.example/ad.html"], "shop.example", "cdn.example")).toBe("cdn.example");
});
