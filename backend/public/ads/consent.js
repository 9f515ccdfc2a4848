/*
 * AdNet's reader of the page's consent platforms, loaded only on pages that have one: IAB TCF v2.2
 * (__tcfapi), GPP 1.1 (__gpp) and the older US Privacy API (__uspapi). It answers whether the tag may
 * keep anything on the device and the signals to send with each ad request, named as in OpenRTB
 * (gdpr, gdpr_consent, gpp, gpp_sid, us_privacy).
 * Without storage consent it sends only gdpr=1, which the ad server reads as no consent whatever
 * else a string says; the network's own vendor consent is checked here, where its id is known.
 */
(function () {
  "use strict";

  function consents(of, id) {
    return !!(of && of.consents && of.consents[id]);
  }

  // TCF: the visitor's choice once made (not while the CMP's dialog is shown).
  function tcf(done) {
    window.__tcfapi("addEventListener", 2, function (data, ok) {
      if (ok && data.eventStatus == "cmpuishown") return;
      done(ok ? data : null);
    });
  }

  // GPP: the string once the CMP says it is ready.
  function gpp(done) {
    window.__gpp("addEventListener", function (event, ok) {
      var ping = event && event.pingData;
      if (ok && ping && ping.signalStatus == "ready") done(ping);
    });
  }

  function usp(done) {
    window.__uspapi("getUSPData", 1, function (data, ok) {
      done(ok && data ? data : null);
    });
  }

  // A CMP that never answers counts as no consent after waitMs: the ads still show, nothing is kept.
  function read(vendorId, waitMs) {
    return new Promise(function (resolve) {
      var answers = {};
      // One more while asking, so an API that answers at once does not finish before the others are asked.
      var waiting = 1;
      function ask(name, api) {
        if (typeof window["__" + name] != "function") return;
        waiting++;
        try {
          api(function (answer) {
            if (name in answers) return;
            answers[name] = answer;
            if (--waiting == 0) finish();
          });
        } catch (error) {
          answers[name] = null;
          waiting--;
        }
      }
      // Only TCF's own API tells consent here: a page whose GPP says the EU applies, without __tcfapi, keeps nothing.
      function finish() {
        var data = answers.tcfapi;
        var ping = answers.gpp;
        var hasTcf = typeof window.__tcfapi == "function";
        var euByGpp = !!(ping && ping.applicableSections && ping.applicableSections.indexOf(2) >= 0);
        var allowed = hasTcf
          ? !!data && (data.gdprApplies === false || (consents(data.purpose, 1) && (!vendorId || consents(data.vendor, vendorId))))
          : !euByGpp;
        if (!allowed) return resolve({ allowed: false, signals: "&gdpr=1" });
        var signals = hasTcf ? "&gdpr=" + (data.gdprApplies ? 1 : 0) + (data.tcString ? "&gdpr_consent=" + encodeURIComponent(data.tcString) : "") : "";
        if (ping && ping.gppString) {
          signals += "&gpp=" + encodeURIComponent(ping.gppString) + "&gpp_sid=" + (ping.applicableSections || []).join(",");
        }
        if (answers.uspapi && answers.uspapi.uspString) signals += "&us_privacy=" + encodeURIComponent(answers.uspapi.uspString);
        resolve({ allowed: true, signals: signals });
      }
      ask("tcfapi", tcf);
      ask("gpp", gpp);
      ask("uspapi", usp);
      setTimeout(finish, waitMs);
      if (--waiting == 0) finish();
    });
  }

  document.currentScript.adnetDefine({ read: read });
})();
