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

  // Five stars, as many filled as the rating's whole stars (never more than it earned): 4.5 reads ★★★★☆.
  function stars(rating) {
    var full = Math.floor(rating);
    return "\u2605\u2605\u2605\u2605\u2605".slice(0, full) + "\u2606\u2606\u2606\u2606\u2606".slice(full);
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
      // A promoted listing's price and rating, where the ad has them: the listing card.
      (n.price ? '<strong data-adnet-price style="display:block;font-size:1.1em;margin-bottom:.3em">{{price}}</strong>' : "") +
      (n.rating === null || n.rating === undefined ? "" : '<span data-adnet-rating style="display:block;margin-bottom:.6em">' + stars(n.rating) + " {{rating}}/5</span>") +
      (n.logo ? '<img src="{{logo}}" alt="" width="20" height="20" style="vertical-align:middle;margin-right:6px;border-radius:3px">' : "") +
      '<span style="display:inline-block;padding:.3em .8em;border:1px solid currentColor;border-radius:4px;font-weight:600">{{cta}}</span>' +
      "</span></a>";
  }

  // A house item (the publisher's own article): its picture, if any, over its title.
  function houseCard(item) {
    return '<a href="{{clickUrl}}" style="display:block;color:inherit;font:inherit;text-decoration:none">' +
      (item.image ? '<img src="{{image}}" alt="" style="display:block;width:100%;height:auto;border-radius:4px;margin-bottom:.5em">' : "") +
      '<strong style="display:block;font-size:1.15em;line-height:1.3">{{headline}}</strong></a>';
  }

  function label(text) {
    var element = document.createElement("div");
    element.setAttribute("data-adnet-label", "");
    element.textContent = text;
    element.style.cssText = "font:inherit;font-size:.8em;opacity:.75;margin-bottom:6px";
    return element;
  }

  // The ad's or item's markup, every value escaped; paid links are marked so to search engines
  // and open apart from the publisher's page.
  function box(markup, values, paid) {
    var element = document.createElement("div");
    element.setAttribute("data-adnet-native", "");
    element.innerHTML = fill(markup, values);
    // A template may name {{logo}} for an ad that has none: no broken picture.
    var pictures = element.querySelectorAll("img");
    for (var i = 0; i < pictures.length; i++) if (!pictures[i].getAttribute("src")) pictures[i].remove();
    var links = paid ? element.querySelectorAll("a[href]") : [];
    for (var j = 0; j < links.length; j++) {
      links[j].target = "_blank";
      links[j].rel = "sponsored noopener";
    }
    return element;
  }

  function adValues(ad) {
    var n = ad.native;
    return {
      headline: n.headline, body: n.body, image: n.image, logo: n.logo || "", sponsor: n.sponsor, cta: n.cta, clickUrl: ad.clickUrl,
      price: n.price || "", rating: n.rating === null || n.rating === undefined ? "" : n.rating,
    };
  }

  // Each ad is labelled "Sponsored" with the advertiser's name, above the ad itself.
  function adSlot(ad, template) {
    var slot = document.createElement("div");
    slot.appendChild(label("Sponsored \u00b7 " + ad.native.sponsor));
    slot.appendChild(box(template || card(ad), adValues(ad), true));
    return slot;
  }

  // <ins> is underlined by browsers; the ad's own text should look like the page's.
  function claimZone(zone, width) {
    zone.textContent = "";
    zone.style.cssText += ";display:block;position:relative;width:auto;height:auto;text-decoration:none;max-width:" + width + "px";
  }

  function render(zone, ad, rendered) {
    claimZone(zone, ad.width);
    var slot = adSlot(ad, ad.template);
    while (slot.firstChild) zone.appendChild(slot.firstChild);
    rendered();
  }

  // A content recommendation box: its ads, best price first, each shown (counted, watched for
  // viewability) on its own, then the publisher's own articles, labelled as the site's and never counted.
  var LAYOUTS = { grid: "grid-template-columns:repeat(auto-fill,minmax(160px,1fr))", list: "grid-template-columns:1fr" };
  function recommend(zone, answer, shown) {
    claimZone(zone, answer.width);
    var grid = document.createElement("div");
    grid.setAttribute("data-adnet-layout", answer.layout);
    grid.style.cssText = "display:grid;gap:16px;" + LAYOUTS[answer.layout];
    zone.appendChild(grid);
    answer.ads.forEach(function (ad) {
      var slot = adSlot(ad, answer.template);
      slot.setAttribute("data-adnet-slot", "ad");
      grid.appendChild(slot);
      shown(slot, ad);
    });
    answer.house.forEach(function (item) {
      var slot = document.createElement("div");
      slot.setAttribute("data-adnet-slot", "house");
      slot.appendChild(label("From " + location.hostname.replace(/^www\./, "")));
      slot.appendChild(box(answer.template || houseCard(item), { headline: item.title, image: item.image || "", clickUrl: item.url }, false));
      grid.appendChild(slot);
    });
  }

  document.currentScript.adnetDefine({ render: render, recommend: recommend });
})();
