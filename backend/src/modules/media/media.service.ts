import { createHash } from "node:crypto";
import { DataSource, In, Repository } from "typeorm";
import { NotFoundError, UnauthenticatedError, ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { Role } from "../../auth/roles";
import { User } from "../users/user.entity";
import { AccountStatus } from "../users/account-status";
import type { CreativeMedia } from "../delivery/model";
import { inspectMedia } from "./media-checks";
import { MediaFile } from "./media-file.entity";
import type { MediaStorage } from "./media-storage";
import { UploadTokens } from "./upload-token";

/** Where the app serves stored files; catalogue and creatives keep this path, and each answer makes it absolute against its own origin. */
export const MEDIA_PATH = "/media";

export const mediaPathOf = (file: string) => `${MEDIA_PATH}/${file}`;

/** A hosted path made absolute against the origin of the answer it goes into; other URLs pass unchanged. */
export const absoluteMediaUrl = (url: string, origin: string) => (url.startsWith(`${MEDIA_PATH}/`) ? `${origin}${url}` : url);

/** Videos taller than this get a smaller rendition for slow connections. */
export const RENDITION_HEIGHT = 360;

/** Advertisers' uploaded images and videos: checked by decoding, stored by content hash, owned by whoever uploaded them. */
export class MediaService {
  private readonly files: Repository<MediaFile>;
  private readonly users: Repository<User>;
  private readonly tokens: UploadTokens;
  private readonly uploadedListeners: ((file: MediaFile) => void)[] = [];

  constructor(
    dataSource: DataSource,
    readonly storage: MediaStorage,
    appSecret: string,
  ) {
    this.files = dataSource.getRepository(MediaFile);
    this.users = dataSource.getRepository(User);
    this.tokens = new UploadTokens(appSecret);
  }

  /** Called with each new file after it is stored (the rendition worker queues videos). */
  onUploaded(listener: (file: MediaFile) => void): void {
    this.uploadedListeners.push(listener);
  }

  /**
   * Checks and stores one upload for the advertiser. The same bytes uploaded again answer the file
   * already kept. A refused file leaves nothing behind: no bytes stored, no row.
   */
  async upload(advertiser: User, bytes: unknown, field = "file"): Promise<MediaFile> {
    if (!Buffer.isBuffer(bytes)) throw new ValidationError(field, "A file is required");
    const facts = await inspectMedia(bytes, field);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const existing = await this.files.findOneBy({ advertiserId: advertiser.id, sha256 });
    if (existing) return existing;
    const file = `${sha256}.${facts.extension}`;
    await this.storage.put(file, bytes);
    const needsRendition = facts.kind === "video" && facts.height > RENDITION_HEIGHT;
    const saved = await this.files
      .save(this.files.create({ ...facts, advertiserId: advertiser.id, sha256, file, bytes: bytes.length, renditions: [], renditionStatus: needsRendition ? "pending" : "none" }))
      .catch(async (error) => {
        // The same advertiser sent the same bytes twice at once: the other request's row stands.
        const raced = await this.files.findOneBy({ advertiserId: advertiser.id, sha256 });
        if (raced) return raced;
        throw error;
      });
    for (const listener of this.uploadedListeners) listener(saved);
    return saved;
  }

  /** A URL the advertiser (or their script) PUTs one file's bytes to, without a bearer token, for a few minutes. */
  uploadUrl(advertiser: User, origin: string): { url: string; expiresAt: Date } {
    const { token, expiresAt } = this.tokens.sign(advertiser.id);
    return { url: `${origin}${MEDIA_PATH}/uploads/${token}`, expiresAt };
  }

  /** The upload behind a signed URL: for its advertiser while their account is active. */
  async uploadSigned(token: string, bytes: unknown): Promise<MediaFile> {
    const advertiserId = this.tokens.verify(token);
    const advertiser = advertiserId === null ? null : await this.users.findOneBy({ id: advertiserId, role: Role.ADVERTISER, status: AccountStatus.ACTIVE });
    if (!advertiser) throw new UnauthenticatedError("This upload URL is not valid or has expired: ask for a new one");
    return this.upload(advertiser, bytes);
  }

  listForAdvertiser(advertiser: User): Promise<MediaFile[]> {
    return this.files.find({ where: { advertiserId: advertiser.id }, order: { id: "DESC" } });
  }

  /** One of the advertiser's own files; another's answers as missing, so its existence is never revealed. */
  async findOwned(advertiser: User, id: unknown, field = "mediaId"): Promise<MediaFile> {
    const file = await this.files.findOneBy({ id: check.positiveId(field, id) });
    if (!file || file.advertiserId !== advertiser.id) throw new NotFoundError("Media file");
    return file;
  }

  /** One of the advertiser's own files by the address the app serves it at (`/media/<file>`); any other address is refused, naming `field`. */
  async findOwnedAt(advertiser: User, path: string, field: string): Promise<MediaFile> {
    const file = await this.files.findOneBy({ advertiserId: advertiser.id, file: path.trim().slice(MEDIA_PATH.length + 1) });
    if (!file) throw new ValidationError(field, `${path.trim()} is not one of your uploaded files: upload the picture, or give its full web address`);
    return file;
  }

  /** The path the app serves a file at; for other modules (native ads' images) that hold a media id. */
  async urlOf(id: number): Promise<string> {
    const file = await this.files.findOneBy({ id });
    if (!file) throw new NotFoundError("Media file");
    return mediaPathOf(file.file);
  }
}

/** What the ad server's catalogue carries for hosted creatives, by media id: the original first, then its renditions. */
export async function catalogueMediaOf(dataSource: DataSource, ids: number[]): Promise<Map<number, CreativeMedia>> {
  const files = ids.length === 0 ? [] : await dataSource.getRepository(MediaFile).findBy({ id: In([...new Set(ids)]) });
  return new Map(files.map((file) => [file.id, catalogueEntryOf(file)]));
}

export function catalogueEntryOf(file: MediaFile): CreativeMedia {
  return {
    mimeType: file.mimeType,
    ...(file.durationMs === null ? {} : { durationMs: file.durationMs }),
    renditions: [
      { url: mediaPathOf(file.file), mimeType: file.mimeType, width: file.width, height: file.height, ...(file.bitrateKbps === null ? {} : { bitrateKbps: file.bitrateKbps }) },
      ...(file.renditions ?? []).map((rendition) => ({ url: mediaPathOf(rendition.file), mimeType: rendition.mimeType, width: rendition.width, height: rendition.height, bitrateKbps: rendition.bitrateKbps })),
    ],
  };
}
