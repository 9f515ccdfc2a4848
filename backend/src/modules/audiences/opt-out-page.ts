/** The page a visitor sees at /audiences/opt-out: what was done, in plain words. */
export function optOutPage(wasMember: boolean): string {
  const done = wasMember ? "Your audience memberships on this browser are deleted." : "This browser was in no audience.";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Audiences opt-out - AdNet</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>You are opted out of audiences</h1>
<p>${done} No advertiser's audience pixel will add this browser to an audience again, and no ad is chosen for it by its visits to advertisers' sites.</p>
<p>AdNet keeps audience memberships only in a cookie of this browser; nothing of them is stored on our servers beyond anonymous daily counts of each audience's size. Clearing this site's cookies undoes the opt-out.</p>
</body>
</html>`;
}
