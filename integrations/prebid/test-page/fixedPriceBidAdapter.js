// A competing bidder for the browser test: it bids params.cpm (USD) on every banner slot with a
// creative that names itself, so the page shows which bidder won. Its one request is a data: URL,
// which the browser answers without touching the network.
import { registerBidder } from '../src/adapters/bidderFactory.js';
import { BANNER } from '../src/mediaTypes.js';

export const spec = {
  code: 'fixedPrice',
  supportedMediaTypes: [BANNER],
  isBidRequestValid: (bid) => typeof bid.params?.cpm === 'number',
  buildRequests: (bidRequests) => [{ method: 'GET', url: 'data:application/json,{}', bidRequests }],
  interpretResponse: (_response, { bidRequests }) =>
    bidRequests.map((bid) => {
      const [width, height] = bid.mediaTypes.banner.sizes[0];
      return {
        requestId: bid.bidId,
        cpm: bid.params.cpm,
        currency: 'USD',
        width,
        height,
        ttl: 300,
        creativeId: 'fixed-price',
        netRevenue: true,
        mediaType: BANNER,
        meta: { advertiserDomains: ['competitor.example'] },
        ad: `<p id="fixed-price-ad">Fixed-price competitor at ${bid.params.cpm}</p>`
      };
    })
};

registerBidder(spec);
