/*
 * AdNet's audience pixel, placed by an advertiser on their own site:
 *   <script async src="https://ads.example/ads/audience.js" data-advertiser="42"></script>
 * (data-event="conversion" on the page a purchase ends on). It reads the page's consent platform as
 * the ad tag does (ads/consent.js), then tells the ad server the page's address without its query
 * string; the ad server adds the visitor to the advertiser's matching audiences only where consent
 * allows retargeting, in its own cookie. The answer lands on the script element for the advertiser
 * to check: data-adnet-audience="stored" or "not-stored", and the reason in data-adnet-reason.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var origin = new URL(script.src).origin;
  var vendorId = +script.getAttribute("data-tcf-vendor-id");
  var CMP_WAIT_MS = 2000;

  function consentReader() {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = origin + "/ads/consent.js";
      element.adnetDefine = resolve;
      element.onerror = reject;
      document.head.appendChild(element);
    });
  }

  // Without a CMP on the page: no signal but the browser's Global Privacy Control.
  function consent() {
    var cmp = typeof window.__tcfapi == "function" || typeof window.__gpp == "function" || typeof window.__uspapi == "function";
    return (cmp ? consentReader().then(function (reader) { return reader.read(vendorId, CMP_WAIT_MS); }) : Promise.resolve({ allowed: true, signals: "" }))
      .catch(function () { return { allowed: false, signals: "&gdpr=1" }; });
  }

  function answered(state, reason) {
    script.setAttribute("data-adnet-audience", state);
    if (reason) script.setAttribute("data-adnet-reason", reason);
  }

  consent().then(function (read) {
    var url = origin + "/t/audience?advertiser=" + encodeURIComponent(script.getAttribute("data-advertiser") || "") +
      "&page=" + encodeURIComponent(location.origin + location.pathname) +
      (script.getAttribute("data-event") == "conversion" ? "&e=conversion" : "") +
      read.signals + (navigator.globalPrivacyControl ? "&gpc=1" : "");
    // Sent with the cookie even without consent: the ad server then only expires it (consent withdrawn), never reads it.
    return fetch(url, { credentials: "include" }).then(function (response) { return response.json(); });
  }).then(function (answer) {
    answered(answer.stored ? "stored" : "not-stored", answer.reason || answer.detail);
  }).catch(function () { answered("not-stored", "The ad server could not be reached"); });
})();
