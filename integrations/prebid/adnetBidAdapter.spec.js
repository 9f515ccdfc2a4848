import { spec } from './adnetBidAdapter.js';
import { config } from '../src/config.js';
import { BANNER, VIDEO } from '../src/mediaTypes.js';
// Publishers' floors reach imp.bidfloor through Prebid's floors module, as in their builds.
import 'prebid.js/modules/priceFloors.js';

const ENDPOINT = 'https://adnet.example/openrtb2/auction';

function bannerBid(overrides = {}) {
  return {
    bidder: 'adnet',
    bidId: 'bid-1',
    adUnitCode: 'top-slot',
    auctionId: 'auction-1',
    bidderRequestId: 'request-1',
    transactionId: 'transaction-1',
    params: { zoneId: 42 },
    mediaTypes: { banner: { sizes: [[300, 250]] } },
    ...overrides
  };
}

function videoBid() {
  return bannerBid({ bidId: 'v', mediaTypes: { video: { context: 'outstream', playerSize: [[640, 360]], mimes: ['video/mp4'] } } });
}

function bidderRequestFor(bids) {
  return {
    bidderCode: 'adnet',
    auctionId: 'auction-1',
    bidderRequestId: 'request-1',
    bids,
    timeout: 1000,
    refererInfo: { page: 'https://news.example/story', domain: 'news.example' },
    ortb2: {
      site: { page: 'https://news.example/story', domain: 'news.example' },
      device: { ua: 'Mozilla/5.0 test', language: 'en' }
    }
  };
}

function builtRequest(bids = [bannerBid()]) {
  const [request] = spec.buildRequests(bids, bidderRequestFor(bids));
  return request;
}

function adnetBid(overrides = {}) {
  return {
    id: 'adnet-bid-1',
    impid: 'bid-1',
    price: 2.5,
    adm: '<a href="https://adnet.example/c/1"><img src="https://adnet.example/m/1.png"></a>',
    crid: '17',
    adomain: ['shoes.example'],
    cat: ['IAB18'],
    w: 300,
    h: 250,
    mtype: 1,
    burl: 'https://adnet.example/openrtb2/billing?t=signed&price=${AUCTION_PRICE}',
    lurl: 'https://adnet.example/openrtb2/loss?t=signed&price=${AUCTION_PRICE}',
    exp: 120,
    ...overrides
  };
}

describe('adnetBidAdapter', () => {
  beforeEach(() => config.setConfig({ adnet: { endpoint: ENDPOINT } }));
  afterEach(() => config.resetConfig());

  it('offers Prebid banner and video slots only: AdNet does not bid on native yet', () => {
    expect(spec.code).toBe('adnet');
    expect(spec.supportedMediaTypes).toEqual([BANNER, VIDEO]);
  });

  describe('isBidRequestValid', () => {
    it('accepts a bid with a zone id, as a number or as digits', () => {
      expect(spec.isBidRequestValid(bannerBid())).toBe(true);
      expect(spec.isBidRequestValid(bannerBid({ params: { zoneId: '42' } }))).toBe(true);
    });

    it('refuses a bid without a zone id, or with one that is not a zone id', () => {
      for (const params of [undefined, {}, { zoneId: '' }, { zoneId: 0 }, { zoneId: -3 }, { zoneId: '4x' }, { zoneId: 1.5 }]) {
        expect(spec.isBidRequestValid(bannerBid({ params }))).toBe(false);
      }
    });

    it('refuses every bid until the publisher sets the endpoint', () => {
      config.resetConfig();
      expect(spec.isBidRequestValid(bannerBid())).toBe(false);
    });
  });

  describe('buildRequests', () => {
    it('POSTs one OpenRTB request to the configured endpoint', () => {
      const request = builtRequest();
      expect(request.method).toBe('POST');
      expect(request.url).toBe(ENDPOINT);
      expect(request.data.imp).toHaveLength(1);
    });

    it('names the zone as the imp tagid and the slot as a banner of its sizes', () => {
      const [imp] = builtRequest().data.imp;
      expect(imp.id).toBe('bid-1');
      expect(imp.tagid).toBe('42');
      expect(imp.banner.format).toEqual([{ w: 300, h: 250 }]);
    });

    it('carries the page, the device and the timeout of the auction', () => {
      const { data } = builtRequest();
      expect(data.site.page).toBe('https://news.example/story');
      expect(data.site.domain).toBe('news.example');
      expect(data.device.ua).toBe('Mozilla/5.0 test');
      expect(data.tmax).toBe(1000);
    });

    it('puts one imp per ad unit in a single request', () => {
      const second = bannerBid({ bidId: 'bid-2', adUnitCode: 'side-slot', params: { zoneId: 7 } });
      const { data } = builtRequest([bannerBid(), second]);
      expect(data.imp.map((imp) => [imp.id, imp.tagid])).toEqual([['bid-1', '42'], ['bid-2', '7']]);
    });

    it('sends the floor the publisher set, in US dollars', () => {
      const floored = bannerBid({ getFloor: () => ({ currency: 'USD', floor: 1.75 }) });
      const [imp] = builtRequest([floored]).data.imp;
      expect(imp.bidfloor).toBe(1.75);
      expect(imp.bidfloorcur).toBe('USD');
    });

    it('asks for a video slot as an OpenRTB video imp', () => {
      const [imp] = builtRequest([videoBid()]).data.imp;
      expect(imp.video).toMatchObject({ w: 640, h: 360, mimes: ['video/mp4'] });
      expect(imp.banner).toBeUndefined();
    });
  });

  describe('interpretResponse', () => {
    it('turns a bid into a banner bid of the publisher\'s net price in US dollars', () => {
      const request = builtRequest();
      const [bid] = spec.interpretResponse({ body: { id: request.data.id, cur: 'USD', seatbid: [{ seat: 'adnet', bid: [adnetBid()] }] } }, request);
      expect(bid).toMatchObject({
        requestId: 'bid-1',
        cpm: 2.5,
        currency: 'USD',
        netRevenue: true,
        mediaType: BANNER,
        width: 300,
        height: 250,
        creativeId: '17',
        ttl: 120,
        ad: adnetBid().adm,
        burl: adnetBid().burl,
        meta: { advertiserDomains: ['shoes.example'], primaryCatId: 'IAB18' }
      });
    });

    it('reads a video bid by its mtype, with its VAST document', () => {
      const request = builtRequest([videoBid()]);
      const vast = '<VAST version="4.2"></VAST>';
      const [bid] = spec.interpretResponse({ body: { cur: 'USD', seatbid: [{ bid: [adnetBid({ impid: 'v', mtype: 2, adm: vast, w: 640, h: 360 })] }] } }, request);
      expect(bid).toMatchObject({ requestId: 'v', mediaType: VIDEO, vastXml: vast, cpm: 2.5, width: 640, height: 360 });
    });

    it('returns no bids when AdNet answers 204 with no body', () => {
      const request = builtRequest();
      expect(spec.interpretResponse({ body: undefined }, request)).toEqual([]);
      expect(spec.interpretResponse({ body: '' }, request)).toEqual([]);
      expect(spec.interpretResponse({ body: { id: 'x', nbr: 2 } }, request)).toEqual([]);
    });
  });

  describe('onBidBillable', () => {
    let pixels;
    const RealImage = window.Image;
    beforeEach(() => {
      pixels = [];
      window.Image = class {
        set src(url) {
          pixels.push(url);
        }
      };
    });
    afterEach(() => {
      window.Image = RealImage;
    });

    it('calls the bid\'s burl with the price the bid cleared at', () => {
      spec.onBidBillable({ bidder: 'adnet', cpm: 2.5, originalCpm: 2.5, burl: adnetBid().burl });
      expect(pixels).toEqual(['https://adnet.example/openrtb2/billing?t=signed&price=2.5']);
    });

    it('bills the price AdNet bid, not a price converted or adjusted by the page', () => {
      spec.onBidBillable({ bidder: 'adnet', cpm: 2.1, originalCpm: 2.5, burl: adnetBid().burl });
      expect(pixels).toEqual(['https://adnet.example/openrtb2/billing?t=signed&price=2.5']);
    });

    it('calls nothing for a bid without a burl', () => {
      spec.onBidBillable({ bidder: 'adnet', cpm: 2.5 });
      expect(pixels).toEqual([]);
    });
  });
});
