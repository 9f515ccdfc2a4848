/*
 * AdNet network script. Fills every <ins class="adnet-zone" data-zone-id="…"> on the page with an
 * ad in a sandboxed frame of the zone's size: zones present at load, zones added later (a DOM
 * observer) and zones far down the page (asked for only when they near the viewport).
 * No globals: one attribute on <html> keeps several copies of the tag from running twice.
 *
 * Frequency caps: the ad server keeps the visitor's signed history of capped ads in its own cookie
 * (sent with credentials); where third-party cookies are blocked the beacon's answer hands the tag
 * a per-site copy, kept in the page's local storage and sent along. Where the page's IAB TCF
 * consent signal refuses storage, the tag reads and writes neither and asks for uncapped ads only;
 * the page's TCF, GPP and Global Privacy Control signals travel with every request (ads/consent.js).
 */
(function () {
  "use strict";
  var root = document.documentElement;
  var script = document.currentScript;
  if (!script || root.hasAttribute("data-adnet")) return;
  root.setAttribute("data-adnet", "");

  var origin = new URL(script.src).origin;
  var ZONE = "ins.adnet-zone[data-zone-id]";
  var NETWORK_NAME = "AdNet";
  var STATE = "data-adnet-state";
  var HISTORY = "adnet_history";
  // A network registered with the IAB's vendor list sets its id on the script tag; consent to it is then needed too.
  var vendorId = +script.getAttribute("data-tcf-vendor-id");
  var consent;
  var signals = "";
  var CMP_WAIT_MS = 2000;
  // One beacon at a time, so each carries the history the last one answered.
  var beacons = Promise.resolve();
  var asking = beacons;
  var shown = [];
  var nearViewport = "IntersectionObserver" in window
    ? new IntersectionObserver(onNearViewport, { rootMargin: "300px" })
    : null;

  // The tag's parts only some ads need (public/ads/NAME.js: a video player, a native renderer) load
  // once, when the first such ad comes; each hands its functions to the script element made for it,
  // with document.currentScript.adnetDefine({...}), so no global is needed.
  var modules = {};
  function tagModule(name) {
    return modules[name] || (modules[name] = new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = origin + "/ads/" + name + ".js";
      element.adnetDefine = resolve;
      element.onerror = reject;
      document.head.appendChild(element);
    }));
  }

  function escapeHtml(text) {
    return String(text).replace(/[&"<>]/g, function (c) {
      return { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" }[c];
    });
  }

  function scan(node) {
    if (node.nodeType !== 1) return;
    if (node.matches(ZONE)) claim(node);
    var zones = node.querySelectorAll(ZONE);
    for (var i = 0; i < zones.length; i++) claim(zones[i]);
  }

  function claim(zone) {
    if (zone.hasAttribute(STATE)) return;
    zone.setAttribute(STATE, "waiting");
    if (nearViewport) nearViewport.observe(zone);
    else request(zone);
  }

  function onNearViewport(entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      nearViewport.unobserve(entry.target);
      request(entry.target);
    });
  }

  // What a campaign may target: the zone's own keywords (data-keywords) or else the page's meta
  // keywords, as few and as short as the server keeps; and the browser's language.
  var MAX_KEYWORDS = 10;
  var MAX_KEYWORD_LENGTH = 40;
  function keywordsOf(zone) {
    var meta = document.querySelector('meta[name="keywords" i]');
    var text = zone.getAttribute("data-keywords") || (meta && meta.getAttribute("content")) || "";
    return text.split(",").map(function (keyword) { return keyword.trim().slice(0, MAX_KEYWORD_LENGTH); })
      .filter(Boolean).slice(0, MAX_KEYWORDS).join(",");
  }

  // Whether the page lets the tag keep anything, and the privacy signals each request carries: on a
  // page without a CMP, yes and none but the browser's Global Privacy Control; with one (TCF, GPP, USP),
  // as the consent module reads it, once the visitor has chosen or after CMP_WAIT_MS without storage.
  function storageAllowed() {
    var cmp = typeof window.__tcfapi == "function" || typeof window.__gpp == "function" || typeof window.__uspapi == "function";
    return consent || (consent = (cmp
      ? tagModule("consent").then(function (reader) { return reader.read(vendorId, CMP_WAIT_MS); })
      : Promise.resolve({ allowed: true, signals: "" })
    ).catch(function () { return { allowed: false, signals: "&gdpr=1" }; }).then(function (read) {
      signals = read.signals + (navigator.globalPrivacyControl ? "&gpc=1" : "");
      return read.allowed;
    }));
  }

  // The page's copy of the history, read, or kept when given; storage the browser refuses reads as none.
  function pageHistory(kept) {
    try {
      if (kept) localStorage.setItem(HISTORY, kept);
      else return localStorage.getItem(HISTORY) || "";
    } catch (error) {
      return "";
    }
  }

  // Without storage the ad server's cookie stays unsent, and the signals tell the server to fill with uncapped ads only.
  function call(url, allowed, method) {
    var history = allowed && pageHistory();
    url += signals + (history ? "&h=" + encodeURIComponent(history) : "");
    return fetch(url, { method: method, credentials: allowed ? "include" : "omit", keepalive: method == "POST" });
  }

  // One ad request at a time, each naming the campaigns the page shows whose beacons are not
  // answered yet: zones of one page then keep a campaign's caps together.
  function request(zone) {
    zone.setAttribute(STATE, "loading");
    // The page's address without its query string: enough to check the site, nothing private.
    var page = location.origin + location.pathname;
    var url = origin + "/serve?zone=" + encodeURIComponent(zone.getAttribute("data-zone-id")) + "&page=" + encodeURIComponent(page) +
      "&lang=" + encodeURIComponent(navigator.language || "");
    var keywords = keywordsOf(zone);
    if (keywords) url += "&kw=" + encodeURIComponent(keywords);
    asking = asking.then(storageAllowed).then(function (allowed) {
      return call(url + (shown.length ? "&shown=" + shown.join(",") : ""), allowed)
        .then(function (response) { return response.ok ? response.json() : { fill: false }; })
        .then(function (ad) {
          if (!ad.fill) return zone.setAttribute(STATE, "unfilled");
          // A content recommendation box holds several ads: each is shown, counted and watched on its own.
          if (ad.ads) {
            return tagModule("native").then(function (native) {
              native.recommend(zone, ad, function (slot, slotAd) {
                shown.push(slotAd.campaignId);
                countImpression(slotAd, allowed);
                if (nearViewport) watchViewable(slot, slotAd, 1000, 0.5);
              });
              zone.setAttribute(STATE, "filled");
            });
          }
          // An interstitial or sticky zone's module decides whether and how its ad shows.
          return ad.presentation ? tagModule("rich").then(function (rich) { rich.present(zone, ad, allowed, show); }) : show(zone, ad, allowed);
        });
    }).catch(function () { zone.setAttribute(STATE, "unfilled"); });
  }

  // The answer carries the page's new copy of the history when the ad server's cookie did not come back.
  // `m=1`: this browser can tell whether the ad becomes viewable.
  function countImpression(ad, allowed) {
    beacons = beacons.then(function () {
      return call(ad.impressionUrl + (nearViewport ? "&m=1" : ""), allowed, "POST")
        .then(function (response) { return response.status == 200 && response.json(); })
        .then(function (answer) { if (allowed && answer && answer.history) pageHistory(answer.history); })
        .catch(function () {})
        .then(function () { shown.splice(shown.indexOf(ad.campaignId), 1); });
    });
  }

  // An event of a shown ad (viewable, a video's progress): after its impression's beacon, never before.
  function sendEvent(ad, name) {
    beacons = beacons.then(function () {
      return fetch(ad.eventUrl + "&e=" + name, { method: "POST", credentials: "omit", keepalive: true }).catch(function () {});
    });
  }

  // Viewable (MRC): at least half the element's pixels in the viewport (30% for large ones, 242,500
  // pixels and more, as it is at the time: an expanded ad's own size) for `ms` at a stretch, while the
  // tab is visible; hiding the tab or scrolling away starts the stretch again. The observer tells
  // only when a threshold is crossed, so a still ad costs nothing; the event is sent once.
  function watchViewable(element, ad, ms) {
    var inView = false;
    var timer;
    function restart() {
      clearTimeout(timer);
      if (inView && document.visibilityState == "visible") timer = setTimeout(seen, ms);
    }
    function seen() {
      observer.disconnect();
      document.removeEventListener("visibilitychange", restart);
      sendEvent(ad, "viewable");
    }
    var observer = new IntersectionObserver(function (entries) {
      var entry = entries[entries.length - 1];
      var box = entry.boundingClientRect;
      var now = entry.intersectionRatio >= (box.width * box.height < 242500 ? 0.5 : 0.3);
      if (now != inView) {
        inView = now;
        restart();
      }
    }, { threshold: [0.3, 0.5] });
    observer.observe(element);
    document.addEventListener("visibilitychange", restart);
  }

  function creativeDocument(ad) {
    var c = ad.creative;
    var fill = "width:100%;height:100%;border:0;display:block;object-fit:contain";
    var media = '<img src="' + escapeHtml(c.url) + '" alt="Advertisement" style="' + fill + '">';
    var link = c.clickable
      ? '<a href="' + escapeHtml(ad.clickUrl) + '" target="_blank" rel="noopener" aria-label="Advertisement" style="position:absolute;inset:0"></a>'
      : "";
    return "<!doctype html><html><body style=\"margin:0;overflow:hidden;position:relative;width:100%;height:100%\">" + media + link + "</body></html>";
  }

  // Native ads are drawn into the zone, in the page's own style, and videos played in the page, by their modules.
  function show(zone, ad, allowed) {
    shown.push(ad.campaignId);
    // `box`: the ad's own box, which an expandable banner's module opens over the page.
    function rendered(box) {
      countImpression(ad, allowed);
      zone.setAttribute(STATE, "filled");
      if (nearViewport) watchViewable(box || zone, ad, 1000);
      // An expandable banner, or an HTML one that may ask to expand through SafeFrame's $sf.ext.
      if (box && (ad.expanded || ad.creative.type === "html")) {
        tagModule("expand").then(function (expand) {
          expand.attach(box, ad, function () { sendEvent(ad, "expand"); });
        });
      }
    }
    if (ad.native) return tagModule("native").then(function (native) { native.render(zone, ad, rendered); });
    // The player measures a video's viewability itself: two seconds of playback, half in view.
    if (ad.creative.type === "video") {
      return tagModule("video").then(function (player) {
        player.play(zone, ad, function () {
          countImpression(ad, allowed);
          zone.setAttribute(STATE, "filled");
          return beacons;
        });
        zone.appendChild(adLabel());
      }, function () { zone.setAttribute(STATE, "unfilled"); });
    }
    return render(zone, ad, rendered);
  }

  function render(zone, ad, rendered) {
    var frame = document.createElement("iframe");
    frame.title = "Advertisement";
    frame.width = ad.width;
    frame.height = ad.height;
    frame.setAttribute("scrolling", "no");
    frame.style.cssText = "border:0;display:block;width:100%;height:100%";
    if (ad.creative.type === "html") {
      // HTML creatives run their own code, kept away from the page; they get the tracked link as clickTag.
      frame.setAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox");
      var separator = ad.creative.url.indexOf("?") < 0 ? "?" : "&";
      frame.src = ad.creative.url + separator + "clickTag=" + encodeURIComponent(ad.clickUrl);
    } else {
      frame.setAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
      frame.srcdoc = creativeDocument(ad);
    }
    var counted = false;
    frame.addEventListener("load", function () {
      if (counted) return;
      counted = true;
      rendered(box);
    });
    zone.textContent = "";
    zone.style.cssText += ";display:inline-block;position:relative;vertical-align:top;width:" + ad.width + "px;height:" + ad.height + "px";
    var box = document.createElement("div");
    box.style.cssText = "position:absolute;top:0;left:0;width:100%;height:100%";
    box.appendChild(frame);
    box.appendChild(adLabel());
    zone.appendChild(box);
  }

  // Readers must be able to tell an ad from the page's own content; the label sits on the ad's
  // corner, inside the zone's box, so it never moves the publisher's layout.
  function adLabel() {
    var label = document.createElement("a");
    label.href = origin + "/";
    label.target = "_blank";
    label.rel = "noopener";
    label.textContent = "Ad \u00b7 " + NETWORK_NAME;
    label.setAttribute("data-adnet-label", "");
    label.style.cssText = "position:absolute;top:0;right:0;z-index:1;padding:1px 5px;font:11px/15px Arial,Helvetica,sans-serif;" +
      "color:#fff;background:rgba(0,0,0,.66);border-bottom-left-radius:4px;text-decoration:none;letter-spacing:0";
    return label;
  }

  new MutationObserver(function (mutations) {
    mutations.forEach(function (mutation) {
      for (var i = 0; i < mutation.addedNodes.length; i++) scan(mutation.addedNodes[i]);
    });
  }).observe(root, { childList: true, subtree: true });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { scan(root); });
  else scan(root);
})();
