// Reads `npm audit --json` on stdin: fails on a high or critical advisory in production
// dependencies; says plainly, and goes on, when the registry offers no advisory database.
let text = "";
for await (const chunk of process.stdin) text += chunk;
let report;
try {
  report = JSON.parse(text);
} catch {
  console.log("npm audit gave no report: production dependencies NOT checked for advisories.");
  process.exit(0);
}
if (report.statusCode || report.error?.code || report.message) {
  console.log(`npm audit could not reach an advisory database (${report.statusCode ?? report.error?.code ?? report.message}): production dependencies NOT checked.`);
  process.exit(0);
}
const severe = Object.values(report.vulnerabilities ?? {}).filter((entry) => entry.severity === "high" || entry.severity === "critical");
if (severe.length > 0) {
  for (const entry of severe) console.log(`${entry.severity}: ${entry.name} ${entry.range ?? ""}`);
  console.log(`npm audit: ${severe.length} high or critical advisories in production dependencies (exceptions belong in SECURITY.md).`);
  process.exit(1);
}
console.log("npm audit: no high or critical advisory in production dependencies.");
