/*
 * AdNet expandable banners, and the host side of IAB SafeFrame 1.1 for ads in the tag's frames.
 * - An image banner that declared an open size gets an "Expand ad" control: the visitor's click or
 *   tap (never a hover, which a touch screen does not have) opens it over the page, toward where
 *   the window has room, and a "Collapse ad" control at once folds it back. The zone keeps its
 *   place in the page, so nothing of the page moves.
 * - An HTML banner asks through $sf.ext (public/ads/sf-ext.js, loaded in its frame), whose
 *   messages come here: register, expand, collapse, geom, inViewPercentage and status. It may
 *   expand over the page (not push it) only after the visitor clicked or tapped into it, and only
 *   up to the size it declared; anything else is answered "failed" with the reason, and nothing is
 *   counted.
 * The first opening of each impression is counted (`expand`, once: the ad server claims it once too).
 * Viewability watches the ad's box, so an open ad is measured at its open size.
 */
(function () {
  "use strict";
  var TOP = 2147483645;
  var PROTOCOL = "adnet-sf-1.1";

  function control(label, text, css) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.textContent = text;
    button.style.cssText = "position:absolute;z-index:2;border:0;border-radius:4px;background:rgba(0,0,0,.75);color:#fff;font:12px/24px Arial,sans-serif;" +
      "padding:0 8px;cursor:pointer;" + css;
    return button;
  }

  function attach(box, ad, counted) {
    var frame = box.querySelector("iframe");
    var own = { w: ad.width, h: ad.height };
    var most = ad.expanded ? { w: ad.expanded.width, h: ad.expanded.height } : own;
    var status = "collapsed";
    var expandedOnce = false;
    var collapseButton;

    function rect() {
      return box.getBoundingClientRect();
    }

    // The room the window has on each side of the collapsed ad, within what it declared it may open to.
    function room() {
      var r = rect();
      var wide = most.w - own.w;
      var tall = most.h - own.h;
      var right = Math.min(wide, Math.max(0, innerWidth - r.right));
      var below = Math.min(tall, Math.max(0, innerHeight - r.bottom));
      return { t: tall - below, l: wide - right, r: right, b: below, push: false };
    }

    function inView() {
      var r = rect();
      var seen = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      return r.width && r.height ? seen / (r.width * r.height) : 0;
    }

    function geom() {
      var r = rect();
      var part = inView();
      return {
        win: { t: 0, l: 0, r: innerWidth, b: innerHeight, w: innerWidth, h: innerHeight },
        self: { t: r.top, l: r.left, r: r.right, b: r.bottom, w: r.width, h: r.height, z: TOP, iv: part },
        exp: room(),
      };
    }

    function tell(news, data) {
      if (frame.contentWindow) frame.contentWindow.postMessage({ sf: PROTOCOL, status: news, data: data, state: status, geom: geom(), inView: Math.round(inView() * 100) }, "*");
    }

    function onKey(event) {
      if (event.key === "Escape") collapse();
    }

    function open(by) {
      box.style.cssText = "position:absolute;z-index:" + TOP + ";top:" + -by.t + "px;left:" + -by.l + "px;width:" + (own.w + by.l + by.r) + "px;height:" + (own.h + by.t + by.b) +
        "px;box-shadow:0 4px 16px rgba(0,0,0,.35);background:#fff";
      status = "expanded";
      // Below the "Ad" label, on the side the ad opened toward: where the window had room, so it is in view.
      collapseButton = control("Collapse ad", "Close \u00d7", "top:20px;" + (by.l ? "left" : "right") + ":4px");
      collapseButton.onclick = collapse;
      box.appendChild(collapseButton);
      document.addEventListener("keydown", onKey);
      if (!expandedOnce) counted();
      expandedOnce = true;
      tell("expanded");
    }

    function collapse() {
      if (status !== "expanded") return tell("failed", { cmd: "collapse", reason: "The ad is not expanded" });
      box.style.cssText = "position:absolute;top:0;left:0;width:100%;height:100%";
      collapseButton.remove();
      document.removeEventListener("keydown", onKey);
      status = "collapsed";
      tell("collapsed");
    }

    // What a SafeFrame creative asks to expand by, as $sf.ext.expand takes it: {t, l, r, b, push} or (x, y).
    function refusal(by) {
      if (!ad.expanded) return "This ad declared no expanded size";
      if (status === "expanded") return "The ad is expanded already";
      // The visitor's click or tap in the frame gives it the focus and the page a transient activation; a hover gives neither.
      var activation = navigator.userActivation;
      if (document.activeElement !== frame || (activation && !activation.isActive)) return "An ad expands only on the visitor's click or tap in it";
      if (by.push) return "Push expansion is not supported: the ad expands over the page";
      var sides = [by.t, by.l, by.r, by.b];
      for (var i = 0; i < 4; i++) if (!(sides[i] >= 0) || sides[i] % 1) return "Expansion offsets must be whole pixels from 0";
      var w = own.w + by.l + by.r;
      var h = own.h + by.t + by.b;
      if (w > most.w || h > most.h) return "Expansion to " + w + "x" + h + " is beyond the declared expanded size " + most.w + "x" + most.h;
      return null;
    }

    function onMessage(event) {
      var message = event.data;
      if (event.source !== frame.contentWindow || !message || message.sf !== PROTOCOL) return;
      if (message.cmd === "register" || message.cmd === "geom") return tell("geom-update");
      if (message.cmd === "collapse") return collapse();
      if (message.cmd !== "expand") return tell("failed", { cmd: message.cmd, reason: "Unknown command" });
      var by = message.by || {};
      by = { t: +by.t || 0, l: +by.l || 0, r: +by.r || 0, b: +by.b || 0, push: !!by.push };
      var reason = refusal(by);
      if (reason) return tell("failed", { cmd: "expand", reason: reason });
      open(by);
    }

    if (!box.isConnected) return;
    window.addEventListener("message", onMessage);
    var pending = 0;
    function geometryChanged() {
      if (!pending) pending = requestAnimationFrame(function () { pending = 0; tell("geom-update"); });
    }
    addEventListener("scroll", geometryChanged, { passive: true });
    addEventListener("resize", geometryChanged);
    // The creative registered as its frame loaded, before this module came: it hears from the host now.
    tell("geom-update");

    if (ad.expanded && ad.creative.type !== "html") {
      var expandButton = control("Expand ad", "Expand \u2922", "top:4px;left:4px");
      expandButton.onclick = function () {
        if (status === "expanded") return;
        open(room());
        expandButton.style.display = "none";
        collapseButton.addEventListener("click", function () { expandButton.style.display = ""; });
      };
      box.appendChild(expandButton);
    }
  }

  document.currentScript.adnetDefine({ attach: attach });
})();
