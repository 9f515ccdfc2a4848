import { refusedTarget } from "./webhook-target";

describe("where a production fetcher may POST", () => {
  it("refuses plain http and private, loopback and link-local addresses, checked on the resolved address", async () => {
    expect(await refusedTarget("http://hooks.example.com/", true)).toBe("only https:// endpoints are called in production");
    for (const url of ["https://127.0.0.1/", "https://10.1.2.3/", "https://192.168.0.9/", "https://169.254.169.254/latest", "https://[::1]/", "https://[fe80::1]/", "https://[::ffff:127.0.0.1]/", "https://localhost/"])
      expect(await refusedTarget(url, true)).toBe("the endpoint resolves to a private or loopback address");
    expect(await refusedTarget("https://93.184.215.14/hooks", true)).toBeNull();
  });

  it("lets anything through outside production, so a local receiver can be tried", async () => {
    expect(await refusedTarget("http://127.0.0.1:8080/", false)).toBeNull();
  });
});
