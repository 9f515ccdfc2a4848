import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { STORED_NAME } from "../media/media-storage";
import { copyIn, type BackedUpFile } from "./manifest";

const MEDIA_FOLDER = "media";

const storedFiles = (mediaDir: string) => (existsSync(mediaDir) ? readdirSync(mediaDir).filter((name) => STORED_NAME.test(name)) : []);

/** Uploaded files never change (each is named by its content's hash), so a plain copy is consistent. */
export async function backUpMedia(mediaDir: string, backupDir: string): Promise<BackedUpFile[]> {
  await mkdir(join(backupDir, MEDIA_FOLDER), { mode: 0o700 });
  const files: BackedUpFile[] = [];
  for (const name of storedFiles(mediaDir)) files.push(await copyIn(join(mediaDir, name), backupDir, `${MEDIA_FOLDER}/${name}`));
  return files;
}

export function mediaInUse(mediaDir: string): string | null {
  return storedFiles(mediaDir).length > 0 ? `${mediaDir} holds uploaded files` : null;
}

export async function restoreMedia(mediaDir: string, backupDir: string, files: BackedUpFile[]): Promise<void> {
  await mkdir(mediaDir, { recursive: true });
  for (const file of files) await copyFile(join(backupDir, file.path), join(mediaDir, basename(file.path)));
}
