// Every word and item of the landing page (PRODUCT.md#landing; DESIGN §7). Components only render it.
import { FAQ_EXAMPLE_BUDGET, FIRST_TESTIMONIAL_SUBSCRIBERS_LABEL } from '@silk/schema/constants';
import type { Creator, Faq, Feature, PainPoint, Pillar, Slide, TestimonialItem } from './schemas';

export const topBar = {
  ctaLabel: 'Unlock My Early Access',
} as const;

export const hero = {
  eyebrow: 'Private beta · Limited early-access spots',
  title: 'One sentence.',
  titleAccent: 'A whole trip, planned.',
  lead: 'Tell Silk “Kyoto in April, nine days, great food, under $3,500” and get a complete trip: researched, booked and looked after while you travel. No tabs, no spreadsheets, no hold music.',
  emailLabel: 'Your e-mail address',
  emailPlaceholder: 'you@example.com',
  formNote: 'Free to join. Early members get first access and founder pricing.',
  videoLabel: 'A Silk trip coming together: Lisbon to Kyoto, nine days, $3,500.',
  videoPauseLabel: 'Pause the video',
  videoPlayLabel: 'Play the video',
  partnersHeading: 'Planned with creators who travel for a living',
} as const;

export const painPointsSection = {
  heading: 'Planning a trip should not feel like a second job',
  lead: 'Every traveller knows the drill. Silk was built to end it.',
} as const;

/** PRODUCT.md#landing: the four problems, in this order. */
export const painPoints: readonly PainPoint[] = [
  {
    icon: 'tabs',
    title: 'Endless tabs',
    description: 'Forty browser tabs of flights, hotels, reviews and maps, and still no plan you trust.',
  },
  {
    icon: 'wallet',
    title: 'Price anxiety',
    description: 'Book now or wait? Fares jump the minute you decide, and you never know if you overpaid.',
  },
  {
    icon: 'users',
    title: 'Coordination hell',
    description:
      'Group chats, shared docs and five opinions on every dinner. Someone always misses the memo.',
  },
  {
    icon: 'alert',
    title: 'Missed details',
    description: 'A visa rule, a closed museum, a tight connection: the small thing that ruins a big day.',
  },
];

export const pillarsSection = {
  heading: 'Four promises behind every Silk trip',
  lead: 'Your AI travel planner does the research, the booking and the worrying.',
} as const;

export const pillars: readonly Pillar[] = [
  {
    icon: 'sparkles',
    title: 'Planned in seconds',
    description:
      'A short questionnaire or a single sentence becomes a day-by-day itinerary shaped around you.',
  },
  {
    icon: 'ticket',
    title: 'Booked for you',
    description:
      'Flights, hotels and activities booked autonomously, with your loyalty programs (coming soon).',
  },
  {
    icon: 'trendingDown',
    title: 'Always the right price',
    description:
      'AI price hunting watches market data and buys at the best moment, not the most stressful one.',
  },
  {
    icon: 'shield',
    title: 'A trip that heals itself',
    description:
      'Delays and bad weather are handled: Silk rebooks, reschedules and tells everyone who needs to know.',
  },
];

/** The promised features of PRODUCT.md#landing, as the "what you get" list. */
export const features: readonly Feature[] = [
  {
    title: 'Personalized instant planning',
    description: 'Answer a short questionnaire, or just type a one-sentence itinerary request.',
  },
  {
    title: 'Autonomous booking',
    description: 'Flights, hotels and activities booked for you, with loyalty-program integration.',
    badge: 'Loyalty programs coming soon',
  },
  {
    title: 'AI price hunting',
    description: 'Silk watches market data and buys at the best moment.',
  },
  {
    title: 'Self-healing itinerary',
    description:
      'On a delay or bad weather Silk rebooks: when your flight is delayed, it rebooks your car and notifies your hotel.',
  },
  {
    title: 'Capture and relive',
    description: 'Photo and video capture with cloud sharing, plus AR/VR previews of places before you go.',
  },
];

export const howItWorksSection = {
  heading: 'How it works',
  lead: 'Six moments from a Silk trip, from the first sentence to the last photo.',
  carouselLabel: 'Silk product demo',
  demoNote: 'This demo shows the product vision and may differ from the final release.',
  featuresHeading: 'What you get',
} as const;

/** Six slides (PRODUCT.md#landing carousel). */
export const slides: readonly Slide[] = [
  {
    id: 'plan',
    icon: 'sparkles',
    title: 'Say it in one sentence',
    description:
      'Type “Kyoto in April, nine days, love food, under $3,500” or answer a two-minute questionnaire. Silk drafts the whole trip, day by day.',
    mockupImg: '/media/mockups/plan.svg',
    mockupAlt: 'Silk turning a one-sentence request into a day-by-day Kyoto itinerary.',
  },
  {
    id: 'book',
    icon: 'ticket',
    title: 'Booked while you sleep',
    description:
      'Approve the plan and Silk books flights, hotels and activities in one go. Loyalty-program integration is coming soon.',
    mockupImg: '/media/mockups/book.svg',
    mockupAlt: 'Confirmed flight, hotel and tea ceremony bookings in the Silk app.',
  },
  {
    id: 'price',
    icon: 'trendingDown',
    title: 'Prices hunted by AI',
    description:
      'Silk watches market data around the clock and buys when the fare drops, not when you panic.',
    mockupImg: '/media/mockups/price.svg',
    mockupAlt: 'A fare chart in Silk showing a ticket bought at the week’s lowest price.',
  },
  {
    id: 'heal',
    icon: 'refresh',
    title: 'Plans that fix themselves',
    description:
      'Flight delayed three hours? Silk moves your rental car pickup, notifies your hotel of the late check-in and shifts dinner.',
    mockupImg: '/media/mockups/heal.svg',
    mockupAlt: 'Silk rebooking a car and notifying a hotel after a flight delay.',
  },
  {
    id: 'capture',
    icon: 'camera',
    title: 'Every moment captured',
    description:
      'Photos and clips are sorted by day and place and shared to the cloud with your travel crew.',
    mockupImg: '/media/mockups/capture.svg',
    mockupAlt: 'A trip album in Silk with photos and clips shared with friends.',
  },
  {
    id: 'preview',
    icon: 'glasses',
    title: 'Step inside before you go',
    description: 'AR/VR previews let you walk the hotel room and the neighbourhood before you book.',
    mockupImg: '/media/mockups/preview.svg',
    mockupAlt: 'An AR/VR preview menu with a 360° room tour and street views.',
  },
];

export const testimonialsSection = {
  heading: 'Early feedback from creators and future travellers',
  lead: 'What people told us after trying the private beta.',
} as const;

/** Three testimonials; the first carries the 19k subscribers label (PRODUCT.md#landing). */
export const testimonials: readonly TestimonialItem[] = [
  {
    quote:
      'I plan trips for a living and Silk drafted a better Lisbon week than I did, in the time it took to make coffee.',
    author: 'Nadia Okafor',
    details: `Travel creator · ${FIRST_TESTIMONIAL_SUBSCRIBERS_LABEL} subscribers`,
    avatar: 'NO',
  },
  {
    quote:
      'My connection in Frankfurt slipped by two hours. Silk had already moved my train and told the hotel before I landed.',
    author: 'Tomás Rivera',
    details: 'Consultant, 40+ flights a year',
    avatar: 'TR',
  },
  {
    quote: 'Planning our family reunion used to take a month of group chats. This time it took one evening.',
    author: 'Aiko Tanaka',
    details: 'Organiser of a 12-person family trip',
    avatar: 'AT',
  },
];

/** Three creator partners (PRODUCT.md#landing), each logo linking to their video channel. */
export const creators: readonly Creator[] = [
  {
    name: 'Nomad Nadia',
    logo: '/media/creators/nomad-nadia.svg',
    logoWidth: 203,
    logoHeight: 48,
    channelUrl: 'https://www.youtube.com/@nomadnadia',
  },
  {
    name: 'Kai Wanders',
    logo: '/media/creators/kai-wanders.svg',
    logoWidth: 203,
    logoHeight: 48,
    channelUrl: 'https://www.youtube.com/@kaiwanders',
  },
  {
    name: 'The Layover Lab',
    logo: '/media/creators/layover-lab.svg',
    logoWidth: 255,
    logoHeight: 48,
    channelUrl: 'https://www.youtube.com/@thelayoverlab',
  },
];

export const closingCta = {
  heading: 'Your next trip is one sentence away',
  text: 'Early-access spots open in small waves. Join the waitlist and be among the first to travel with Silk.',
  linkLabel: 'Unlock My Early Access',
} as const;

export const faqSection = {
  heading: 'Frequently asked questions',
} as const;

/** Ten questions (PRODUCT.md#landing); one answer uses the $3,500 example budget. */
export const faq: readonly Faq[] = [
  {
    question: 'What is Silk?',
    answer:
      'Silk is an AI travel planner. You describe a trip in one sentence, or answer a short questionnaire, and Silk researches, books and manages the whole thing for you.',
  },
  {
    question: 'How do I get early access?',
    answer:
      'Join the waitlist with your e-mail address. We invite new members in small waves and e-mail you a personal early access link when your spot opens.',
  },
  {
    question: 'Does Silk stick to my budget?',
    answer: `Yes. Tell Silk something like “nine days in Kyoto for two, ${FAQ_EXAMPLE_BUDGET} total” and it plans, books and rebooks within that budget, and shows you where every dollar goes before anything is paid.`,
  },
  {
    question: 'Can Silk book everything for me?',
    answer:
      'Once you approve a plan, Silk books flights, hotels and activities autonomously. Loyalty-program integration is coming soon, so your points and status will follow you.',
  },
  {
    question: 'How does AI price hunting work?',
    answer:
      'Silk watches fares and room rates across the market and buys at the moment its models expect the best price, within the limits you set.',
  },
  {
    question: 'What happens if my flight is delayed?',
    answer:
      'Your itinerary heals itself: Silk rebooks what the delay breaks, for example moving your rental car pickup and notifying your hotel of a late arrival, and tells you what changed.',
  },
  {
    question: 'Can I plan trips with friends or family?',
    answer:
      'Yes. Invite your group, and Silk collects everyone’s preferences, finds a plan that works and keeps everyone up to date, no group chat required.',
  },
  {
    question: 'What are the photo, video and AR/VR features?',
    answer:
      'Silk captures and organises your photos and clips by day and place and shares them to the cloud with your travel crew. AR/VR previews let you explore hotels and neighbourhoods before you book.',
  },
  {
    question: 'Is my data safe?',
    answer:
      'We only use your information to plan and run your trips and to send you updates you asked for. We never sell or share it.',
  },
  {
    question: 'How much will Silk cost?',
    answer:
      'Pricing will be announced before public launch. Waitlist members who join the private beta get founder pricing.',
  },
];
