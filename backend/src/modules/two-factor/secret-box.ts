import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * TOTP secrets are encrypted at rest (AES-256-GCM) with a key derived from JWT_SECRET, so a copy
 * of the database alone does not hand over anyone's second factor.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHash("sha256").update(`adnet two-factor secrets\0${serverSecret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
  }

  open(sealed: string): string {
    const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  }
}
