/*
 * AdNet rich-media presentations, for zones whose publisher chose one. Neither may cover the
 * page's content without a way out:
 * - interstitial: the ad over the whole window (a phone's full screen) on a dimmed page, with a
 *   close button that appears after CLOSE_AFTER_MS (under the 5 s most guidelines allow), shown at
 *   most once an hour per visitor. That hour is kept in the page's storage, which the tag uses only
 *   with the visitor's TCF consent; without it the visit cannot be remembered, so no interstitial
 *   shows at all rather than one on every page.
 * - sticky: the ad anchored to the bottom of the window with a close button at once, and the page
 *   given as much room at its bottom, so nothing of it stays hidden behind the ad.
 * - floating: a small ad in the window's bottom right corner as the page scrolls, with a close
 *   button at once. On a phone's narrow window a corner is part of the content, so the ad docks
 *   below the page's content instead (in its flow, never over it).
 * - pushdown: a billboard at the zone's place (the page's top) that opens by pushing the content
 *   below it down, never over it, and folds back when closed; once per browser session. Its height
 *   is given at once and what follows it slides down by a transform, which the browser never counts
 *   as a layout shift (CLS); closing is the visitor's own input, which it does not count either.
 * The zone's element is moved into the presentation before the ad is drawn in it, so the frame
 * loads once and whatever watches the zone keeps watching the ad.
 */
(function () {
  "use strict";
  var SHOWN_AT = "adnet_interstitial";
  var HOUR_MS = 3600000;
  var CLOSE_AFTER_MS = 3000;
  var TOP = 2147483646;

  function lastShown() {
    try {
      return +localStorage.getItem(SHOWN_AT) || 0;
    } catch (error) {
      return Date.now();
    }
  }

  // Above the ad's top right corner, so it never covers the ad's own "Ad" label.
  function closeButton(top) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", "Close ad");
    button.setAttribute("data-adnet-close", "");
    button.textContent = "\u00d7";
    button.style.cssText = "position:absolute;top:" + top + "px;right:0;width:32px;height:32px;border-radius:50%;border:2px solid #fff;" +
      "background:#222;color:#fff;font:20px/26px Arial,sans-serif;cursor:pointer;padding:0;z-index:2";
    return button;
  }

  function holder(css) {
    var element = document.createElement("div");
    element.setAttribute("data-adnet-presentation", "");
    element.style.cssText = css;
    document.body.appendChild(element);
    return element;
  }

  function interstitial(zone, ad, allowed, show) {
    if (!allowed || Date.now() - lastShown() < HOUR_MS) {
      // Its place in the page was never meant to show anything.
      zone.style.display = "none";
      return zone.setAttribute("data-adnet-state", "unfilled");
    }
    try {
      localStorage.setItem(SHOWN_AT, String(Date.now()));
    } catch (error) {}
    var overlay = holder("position:fixed;inset:0;z-index:" + TOP + ";display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.82)");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "Advertisement");
    var frame = document.createElement("div");
    frame.style.cssText = "position:relative;max-width:100vw;max-height:100vh";
    var countdown = document.createElement("div");
    countdown.style.cssText = "position:absolute;top:-30px;right:0;color:#fff;font:13px Arial,sans-serif";
    var left = CLOSE_AFTER_MS / 1000;
    function tick() {
      countdown.textContent = "You can close this ad in " + left-- + " s";
    }
    tick();
    var ticking = setInterval(tick, 1000);
    frame.appendChild(countdown);
    frame.appendChild(zone);
    overlay.appendChild(frame);
    show(zone, ad, allowed);
    function close() {
      overlay.remove();
      document.removeEventListener("keydown", onKey);
    }
    function onKey(event) {
      if (event.key === "Escape") close();
    }
    setTimeout(function () {
      clearInterval(ticking);
      countdown.remove();
      var button = closeButton(-40);
      button.onclick = close;
      frame.appendChild(button);
      document.addEventListener("keydown", onKey);
      button.focus();
    }, CLOSE_AFTER_MS);
  }

  function sticky(zone, ad, allowed, show) {
    var bar = holder("position:fixed;left:0;right:0;bottom:0;z-index:" + TOP + ";display:flex;justify-content:center;padding:6px 0;" +
      "background:rgba(255,255,255,.96);box-shadow:0 -2px 8px rgba(0,0,0,.2)");
    var frame = document.createElement("div");
    frame.style.cssText = "position:relative";
    frame.appendChild(zone);
    bar.appendChild(frame);
    show(zone, ad, allowed);
    var body = document.body;
    var padding = body.style.paddingBottom;
    body.style.paddingBottom = (parseFloat(getComputedStyle(body).paddingBottom) || 0) + bar.offsetHeight + "px";
    var button = closeButton(-44);
    button.onclick = function () {
      bar.remove();
      body.style.paddingBottom = padding;
    };
    frame.appendChild(button);
  }

  // A window narrower than this is a phone's: no corner of it is free of the page's content.
  var PHONE_WIDTH = 768;
  var FLOAT_MARGIN = 16;

  function floating(zone, ad, allowed, show) {
    var phone = innerWidth < PHONE_WIDTH;
    var box = holder(phone
      ? "position:relative;display:flex;justify-content:center;padding:44px 0 8px;clear:both"
      : "position:fixed;right:" + FLOAT_MARGIN + "px;bottom:" + FLOAT_MARGIN + "px;z-index:" + TOP + ";box-shadow:0 2px 12px rgba(0,0,0,.3)");
    var frame = document.createElement("div");
    frame.style.cssText = "position:relative";
    frame.appendChild(zone);
    box.appendChild(frame);
    show(zone, ad, allowed);
    var button = closeButton(-40);
    button.onclick = function () { box.remove(); };
    frame.appendChild(button);
  }

  var PUSHED_DOWN = "adnet_pushdown";
  var OPEN_MS = 400;

  // The elements after `element` in the page's order: its next siblings and its ancestors'.
  function followers(element) {
    var after = [];
    for (var node = element; node && node !== document.body; node = node.parentElement) {
      for (var next = node.nextElementSibling; next; next = next.nextElementSibling) after.push(next);
    }
    return after;
  }

  function slide(elements, from, to) {
    elements.forEach(function (element) {
      element.style.transition = "none";
      element.style.transform = "translateY(" + from + "px)";
    });
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        elements.forEach(function (element) {
          element.style.transition = "transform " + OPEN_MS + "ms ease-out";
          element.style.transform = to ? "translateY(" + to + "px)" : "";
        });
      });
    });
    setTimeout(function () {
      elements.forEach(function (element) { element.style.transition = element.style.transform = ""; });
    }, OPEN_MS + 100);
  }

  function pushdown(zone, ad, allowed, show) {
    var seen;
    try {
      seen = sessionStorage.getItem(PUSHED_DOWN);
      if (allowed && !seen) sessionStorage.setItem(PUSHED_DOWN, "1");
    } catch (error) {}
    // Without consent to storage the session cannot be remembered: no push-down rather than one on every page.
    if (!allowed || seen !== null) {
      zone.style.display = "none";
      return zone.setAttribute("data-adnet-state", "unfilled");
    }
    var band = document.createElement("div");
    band.setAttribute("data-adnet-presentation", "");
    band.style.cssText = "position:relative;overflow:hidden;display:flex;justify-content:center;transition:height " + OPEN_MS + "ms ease-in";
    zone.parentNode.insertBefore(band, zone);
    var frame = document.createElement("div");
    frame.style.cssText = "position:relative;margin:8px 0";
    frame.appendChild(zone);
    band.appendChild(frame);
    show(zone, ad, allowed);
    var button = closeButton(0);
    button.style.right = "-40px";
    frame.appendChild(button);
    var height = band.offsetHeight;
    band.style.height = height + "px";
    // The page below keeps its place on screen as the band takes its height, then slides down to make room.
    slide(followers(band), -height, 0);
    button.onclick = function () {
      band.style.height = "0";
      setTimeout(function () { band.remove(); }, OPEN_MS);
    };
  }

  var PRESENTATIONS = { interstitial: interstitial, sticky: sticky, floating: floating, pushdown: pushdown };

  document.currentScript.adnetDefine({
    present: function (zone, ad, allowed, show) {
      PRESENTATIONS[ad.presentation](zone, ad, allowed, show);
    },
  });
})();
