// The free SMC & ICT guide on /study-materials.

export type StudyGuide = {
  title: string;
  pages: string;
  chapters: string[];
  /** External document, opens in a new tab. */
  viewUrl: string;
  downloadUrl: string;
};

const GUIDE_FILE_ID = "1tmaSmcIctGuide2024Xq7Lp3Vn9Rk2Wd";

export const STUDY_GUIDE: StudyGuide = {
  title: "SMC & ICT Trading Guide",
  pages: "200+",
  chapters: [
    "Market Structure: Trends, BOS and CHoCH",
    "Liquidity: Where Stops Rest and Why Price Goes There",
    "Order Blocks and Breaker Blocks",
    "Fair Value Gaps and Imbalances",
    "Premium, Discount and Optimal Trade Entry",
    "ICT Kill Zones and Session Timing",
    "Risk Management and Position Sizing",
    "Trading Psychology and Building a Journal",
  ],
  viewUrl: `https://drive.google.com/file/d/${GUIDE_FILE_ID}/view`,
  downloadUrl: `https://drive.google.com/uc?export=download&id=${GUIDE_FILE_ID}`,
};
