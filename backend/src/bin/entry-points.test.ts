import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COMPILED_WRITER_THREAD } from "../services";
import { SERVER_NODE_FLAGS } from "./server-node-flags";

const backend = join(__dirname, "..", "..");
const sourceOf = (compiled: string) => compiled.replace(/\.js$/, ".ts");

describe("entry points", () => {
  it("the writer thread the server starts is compiled from a source that exists", () => {
    expect(existsSync(sourceOf(COMPILED_WRITER_THREAD.file))).toBe(true);
  });

  it("every script that runs a compiled file names one the build produces", () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(join(backend, "package.json"), "utf8")).scripts;
    const compiled = Object.values(scripts).flatMap((script) => [...script.matchAll(/node (?:--\S+ )*dist\/(\S+\.js)/g)].map((match) => match[1]));
    expect(compiled).toContain("bin/check-ledger.js");
    for (const file of compiled) expect([file, existsSync(join(backend, "src", sourceOf(file)))]).toEqual([file, true]);
  });

  it("the server starts with its V8 flags from npm start, npm run dev and the Dockerfile alike", () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(join(backend, "package.json"), "utf8")).scripts;
    const dockerCommand = /^CMD (.*)$/m.exec(readFileSync(join(backend, "..", "Dockerfile"), "utf8"))![1];
    const flagsBeforeMain = (command: string[]) => command.slice(0, command.indexOf("dist/main.js")).filter((part) => part.startsWith("--max"));
    expect(flagsBeforeMain(scripts.start.split(" "))).toEqual([...SERVER_NODE_FLAGS]);
    expect(flagsBeforeMain(scripts.dev.split(" "))).toEqual([...SERVER_NODE_FLAGS]);
    expect(flagsBeforeMain((JSON.parse(dockerCommand) as string[]).map((part) => part.replace("backend/", "")))).toEqual([...SERVER_NODE_FLAGS]);
  });
});
