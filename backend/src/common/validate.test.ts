import { ValidationError } from "./errors";
import { pictureAddress, positiveId, requiredText } from "./validate";

const refusal = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return error instanceof ValidationError ? error.message : `not a validation error: ${String(error)}`;
  }
  return "accepted";
};

it("reads ids in decimal only", () => {
  expect(positiveId("id", "16")).toBe(16);
  expect(positiveId("id", 16)).toBe(16);
  for (const notation of ["0x10", "0o20", "0b10000", "1e1", "Infinity", "16abc"]) {
    expect(refusal(() => positiveId("id", notation))).toBe("ID must be a number");
  }
});

it("refuses control characters and unpaired surrogates in text, and keeps the rest", () => {
  for (const hostile of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "del\u007f", "half \ud800", "half \udc00 low"]) {
    expect(refusal(() => requiredText("name", hostile, 100))).toBe("Name cannot contain control characters or unpaired surrogates");
  }
  expect(requiredText("name", " Summer sale 🌞\tline\nnext ", 100)).toBe("Summer sale 🌞\tline\nnext");
});

it("takes a picture's address as a web address or the app's own /media/ path of an uploaded file, and nothing else", () => {
  const hosted = `/media/${"0f".repeat(32)}.png`;
  expect(pictureAddress("logoUrl", ` ${hosted} `)).toBe(hosted);
  expect(pictureAddress("logoUrl", "https://cdn.example.com/logo.png")).toBe("https://cdn.example.com/logo.png");
  const notAnAddress = "Logo URL must be a full web address such as https://example.com/ad.png, or an uploaded file's /media/ address";
  for (const path of ["/media/../secrets.png", "/media/abc.png", "/images/logo.png", `/media/${"0F".repeat(32)}.png`]) {
    expect(refusal(() => pictureAddress("logoUrl", path))).toBe(notAnAddress);
  }
  expect(refusal(() => pictureAddress("logoUrl", "javascript:alert(1)"))).toBe("Logo URL must start with http:// or https://");
});
