import { ortbConverter } from '../libraries/ortbConverter/converter.js';
import { registerBidder } from '../src/adapters/bidderFactory.js';
import { config } from '../src/config.js';
import { BANNER, VIDEO } from '../src/mediaTypes.js';
import { logError, replaceAuctionPrice, triggerPixel } from '../src/utils.js';

const BIDDER_CODE = 'adnet';
// AdNet prices what the publisher earns, in US dollars.
const CURRENCY = 'USD';
// Used only when a bid carries no `exp`; AdNet refuses to bill a `burl` called after it.
const DEFAULT_TTL_SECONDS = 300;

const converter = ortbConverter({
  context: {
    netRevenue: true,
    ttl: DEFAULT_TTL_SECONDS,
    currency: CURRENCY
  },
  imp(buildImp, bidRequest, context) {
    const imp = buildImp(bidRequest, context);
    // AdNet finds the slot by its zone; the zone's site decides which pages may sell it.
    imp.tagid = String(bidRequest.params.zoneId);
    return imp;
  }
});

function endpoint() {
  return config.getConfig('adnet.endpoint');
}

function isZoneId(value) {
  return /^[1-9][0-9]*$/.test(String(value ?? ''));
}

export const spec = {
  code: BIDDER_CODE,
  // AdNet sells banner and video zones; it does not bid on native yet.
  supportedMediaTypes: [BANNER, VIDEO],

  isBidRequestValid(bid) {
    if (!isZoneId(bid?.params?.zoneId)) {
      logError(`${BIDDER_CODE}: params.zoneId must be the id of an AdNet zone (a positive whole number)`);
      return false;
    }
    if (!endpoint()) {
      logError(`${BIDDER_CODE}: set the endpoint with pbjs.setConfig({ adnet: { endpoint: 'https://<network>/openrtb2/auction' } })`);
      return false;
    }
    return true;
  },

  buildRequests(validBidRequests, bidderRequest) {
    const data = converter.toORTB({ bidRequests: validBidRequests, bidderRequest });
    return [{ method: 'POST', url: endpoint(), data }];
  },

  interpretResponse(serverResponse, request) {
    // AdNet answers 204 with no body when nothing bids.
    if (!serverResponse?.body?.seatbid) return [];
    return converter.fromORTB({ request: request.data, response: serverResponse.body }).bids;
  },

  // AdNet counts and charges an impression only when its `burl` is called, so it is called
  // when Prebid says the bid is billable (on render, or later with adUnit.deferBilling).
  onBidBillable(bid) {
    if (bid.burl) {
      triggerPixel(replaceAuctionPrice(bid.burl, bid.originalCpm ?? bid.cpm));
    }
  }
};

registerBidder(spec);
