/*
 * AdNet native ads: drawn into the zone's own element in the publisher's page, not a frame, so the
 * page's font, colours and its own classes style them. The zone's template (publisher's markup,
 * checked on save: plain tags only) or else a default card that inherits everything it can.
 * Every value is inserted escaped; every link goes through the tracked click URL; the ad always
 * carries a "Sponsored" label naming the advertiser (the FTC's rule for native advertising).
 */
(function () {
  "use strict";
  var PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
  var ENTITIES = { "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" };

  // Quotes of both kinds too: a template may put a value in a single-quoted attribute.
  function escapeHtml(text) {
    return String(text).replace(/[&"'<>]/g, function (c) { return ENTITIES[c]; });
  }

  function fill(template, values) {
    return template.replace(PLACEHOLDER, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? escapeHtml(values[name]) : "";
    });
  }

  // The default card: only layout is set; the type, colours and links look like the page's own.
  function card(ad) {
    var n = ad.native;
    var square = n.imageWidth === n.imageHeight;
    return '<a href="{{clickUrl}}" style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;color:inherit;font:inherit;text-decoration:none">' +
      '<img src="{{image}}" alt="" style="display:block;width:' + (square ? "120px" : "100%") + ";height:auto;aspect-ratio:" + n.imageWidth + "/" + n.imageHeight + ';object-fit:cover;border-radius:4px">' +
      '<span style="flex:1 1 200px;min-width:0">' +
      '<strong style="display:block;font-size:1.15em;line-height:1.3">{{headline}}</strong>' +
      '<span style="display:block;margin:.35em 0 .6em">{{body}}</span>' +
      (n.logo ? '<img src="{{logo}}" alt="" width="20" height="20" style="vertical-align:middle;margin-right:6px;border-radius:3px">' : "") +
      '<span style="display:inline-block;padding:.3em .8em;border:1px solid currentColor;border-radius:4px;font-weight:600">{{cta}}</span>' +
      "</span></a>";
  }

  function sponsoredLabel(n) {
    var label = document.createElement("div");
    label.setAttribute("data-adnet-label", "");
    label.textContent = "Sponsored \u00b7 " + n.sponsor;
    label.style.cssText = "font:inherit;font-size:.8em;opacity:.75;margin-bottom:6px";
    return label;
  }

  function render(zone, ad, rendered) {
    var n = ad.native;
    var box = document.createElement("div");
    box.setAttribute("data-adnet-native", "");
    box.innerHTML = fill(ad.template || card(ad), {
      headline: n.headline, body: n.body, image: n.image, logo: n.logo || "", sponsor: n.sponsor, cta: n.cta, clickUrl: ad.clickUrl,
    });
    // A template may name {{logo}} for an ad that has none: no broken picture.
    var pictures = box.querySelectorAll("img");
    for (var i = 0; i < pictures.length; i++) if (!pictures[i].getAttribute("src")) pictures[i].remove();
    // Paid links are marked so to search engines, and open apart from the publisher's page.
    var links = box.querySelectorAll("a[href]");
    for (var j = 0; j < links.length; j++) {
      links[j].target = "_blank";
      links[j].rel = "sponsored noopener";
    }
    zone.textContent = "";
    // <ins> is underlined by browsers; the ad's own text should look like the page's.
    zone.style.cssText += ";display:block;position:relative;width:auto;height:auto;text-decoration:none;max-width:" + ad.width + "px";
    zone.appendChild(sponsoredLabel(n));
    zone.appendChild(box);
    rendered();
  }

  document.currentScript.adnetDefine({ render: render });
})();
