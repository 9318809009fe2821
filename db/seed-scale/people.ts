// Invented Indian students: names, where they live (state, city, PIN), phone
// numbers as the account page stores them and as people type them into forms.
// No real person is meant; the addresses are plausible, not real.
import type { BillingDetails } from "../schema";
import { indianStateName } from "../../app/utils/indian-states";
import { weightedPicker, type Random } from "./random";

/** Space-separated words, for lists too long to keep one item a line. */
const words = (text: string) => text.trim().split(/\s+/);

// Mixed on purpose: every part of the country, women and men alike.
export const FIRST_NAMES = words(`
  Aarav Aditi Aditya Akash Amit Ananya Anil Anjali Ankit Anusha Arjun Arun Asha Ayesha Bhavna Chetan Deepa Deepak Dev
  Divya Farhan Gaurav Geeta Harish Harpreet Imran Isha Jasleen Jyoti Karan Kavya Kiran Krishna Lakshmi Madhav Mahesh Manoj
  Meera Mohit Nandini Naveen Neha Nikhil Nisha Pallavi Pooja Pradeep Prakash Pranav Priya Rahul Rajesh Ramesh Ravi Rekha
  Ritika Rohan Rohit Sachin Sahil Sameer Sandeep Sanjay Sara Shreya Shruti Siddharth Simran Sneha Sonal Suresh Swati Tanvi
  Tarun Uma Varun Vidya Vikram Vinay Vishal Yash Zoya Abhishek Bhavesh Chitra Dinesh Fatima Gopal Hemant Indira Jatin
  Kunal Lata Mukesh Nitin Omkar Parth Radhika Sunita Tejas Usha Venkat Waseem Yamini Zaid Mohammed Sayali Tanmay Ishaan
  Riya Aryan Kritika Manpreet Gurpreet Sourav Debjani Arnab Poonam
`);

export const LAST_NAMES = words(`
  Sharma Verma Gupta Agarwal Patel Shah Mehta Desai Joshi Kulkarni Deshpande Patil Pawar Jadhav Shinde Iyer Iyengar Nair
  Menon Pillai Reddy Rao Naidu Chowdary Krishnan Subramanian Venkataraman Srinivasan Raman Gowda Hegde Shetty Kamath Bhat
  Singh Kaur Gill Sandhu Malhotra Kapoor Khanna Chopra Arora Bansal Goyal Mittal Jain Saxena Srivastava Tiwari Pandey
  Mishra Dubey Tripathi Yadav Chauhan Rathore Thakur Rajput Bose Banerjee Chatterjee Mukherjee Ghosh Das Sen Dutta Roy
  Sarkar Mondal Mohanty Patnaik Sahoo Baruah Bora Khan Ansari Qureshi Sheikh Siddiqui Fernandes D'Souza Pereira Thomas
  George Varghese Kurian Mathew Naik Sawant Gaikwad Bhosale More Chavan Kadam Salunkhe Trivedi Dave Bhatt Vyas Parikh
  Kothari Sethi
`);

/** The surname the summary offers as a search: it matches about one student in a hundred. */
export const SEARCHABLE_LAST_NAME = "Venkataraman";

type City = readonly [name: string, pinPrefix: string];
type StateTable = readonly [code: string, weight: number, cities: readonly City[]];

// Weighted roughly by where an English-language trading course finds students.
const STATES: readonly StateTable[] = [
  [
    "27",
    16,
    [
      ["Mumbai", "400"],
      ["Pune", "411"],
      ["Nagpur", "440"],
      ["Nashik", "422"],
      ["Thane", "400"],
      ["Aurangabad", "431"],
    ],
  ],
  [
    "29",
    9,
    [
      ["Bengaluru", "560"],
      ["Mysuru", "570"],
      ["Hubballi", "580"],
      ["Mangaluru", "575"],
    ],
  ],
  [
    "33",
    8,
    [
      ["Chennai", "600"],
      ["Coimbatore", "641"],
      ["Madurai", "625"],
      ["Tiruchirappalli", "620"],
    ],
  ],
  [
    "07",
    7,
    [
      ["New Delhi", "110"],
      ["Delhi", "110"],
    ],
  ],
  [
    "09",
    8,
    [
      ["Lucknow", "226"],
      ["Noida", "201"],
      ["Kanpur", "208"],
      ["Varanasi", "221"],
      ["Agra", "282"],
    ],
  ],
  [
    "24",
    7,
    [
      ["Ahmedabad", "380"],
      ["Surat", "395"],
      ["Vadodara", "390"],
      ["Rajkot", "360"],
    ],
  ],
  [
    "36",
    6,
    [
      ["Hyderabad", "500"],
      ["Warangal", "506"],
    ],
  ],
  [
    "19",
    6,
    [
      ["Kolkata", "700"],
      ["Siliguri", "734"],
      ["Durgapur", "713"],
    ],
  ],
  [
    "08",
    5,
    [
      ["Jaipur", "302"],
      ["Jodhpur", "342"],
      ["Udaipur", "313"],
      ["Kota", "324"],
    ],
  ],
  [
    "32",
    4,
    [
      ["Kochi", "682"],
      ["Thiruvananthapuram", "695"],
      ["Kozhikode", "673"],
    ],
  ],
  [
    "37",
    4,
    [
      ["Visakhapatnam", "530"],
      ["Vijayawada", "520"],
      ["Guntur", "522"],
    ],
  ],
  [
    "23",
    4,
    [
      ["Indore", "452"],
      ["Bhopal", "462"],
      ["Gwalior", "474"],
    ],
  ],
  [
    "06",
    3,
    [
      ["Gurugram", "122"],
      ["Faridabad", "121"],
    ],
  ],
  [
    "03",
    2,
    [
      ["Ludhiana", "141"],
      ["Amritsar", "143"],
      ["Mohali", "160"],
    ],
  ],
  [
    "10",
    2,
    [
      ["Patna", "800"],
      ["Gaya", "823"],
    ],
  ],
  [
    "21",
    2,
    [
      ["Bhubaneswar", "751"],
      ["Cuttack", "753"],
    ],
  ],
  [
    "20",
    1,
    [
      ["Ranchi", "834"],
      ["Jamshedpur", "831"],
    ],
  ],
  ["22", 1, [["Raipur", "492"]]],
  ["18", 1, [["Guwahati", "781"]]],
  ["05", 1, [["Dehradun", "248"]]],
  ["30", 0.5, [["Panaji", "403"]]],
  ["04", 0.5, [["Chandigarh", "160"]]],
  [
    "01",
    0.5,
    [
      ["Srinagar", "190"],
      ["Jammu", "180"],
    ],
  ],
  ["02", 0.5, [["Shimla", "171"]]],
];

const pickState = weightedPicker(STATES.map((state) => [state, state[1]] as const));

const LOCALITIES = [
  "Shivaji Nagar",
  "Gandhi Nagar",
  "Nehru Colony",
  "Rajendra Nagar",
  "Civil Lines",
  "Model Town",
  "Indira Nagar",
  "Anna Nagar",
  "Sector 14",
  "Sector 62",
  "Kothrud",
  "Andheri East",
  "Jayanagar",
  "Banjara Hills",
  "Salt Lake",
  "Vastrapur",
  "Malviya Nagar",
  "Ashok Vihar",
  "Koramangala",
  "Viman Nagar",
  "Adyar",
  "Alkapuri",
  "Gomti Nagar",
  "Kakkanad",
  "Sadar Bazaar",
  "Station Road",
];
const BUILDINGS = ["Shanti Apartments", "Sai Residency", "Green Park Society", "Lakeview Towers", "Sunrise Enclave", "Krishna Heights"];
const STREETS = ["MG Road", "Station Road", "Main Road", "Temple Street", "Church Road", "Ring Road", "Link Road", "College Road"];

export type Place = { stateCode: string; stateName: string; city: string; pin: string };

export function randomPlace(random: Random): Place {
  const [code, , cities] = pickState(random);
  const [city, pinPrefix] = random.pick(cities);
  return {
    stateCode: code,
    stateName: indianStateName(code) ?? code,
    city,
    pin: `${pinPrefix}${String(random.int(1, 99)).padStart(3, "0")}`,
  };
}

export function randomStreetAddress(random: Random): string {
  return random.chance(0.6)
    ? `Flat ${random.int(1, 20)}0${random.int(1, 8)}, ${random.pick(BUILDINGS)}, ${random.pick(LOCALITIES)}`
    : `${random.int(1, 250)}, ${random.pick(STREETS)}, ${random.pick(LOCALITIES)}`;
}

/** "+91" and ten digits starting 6–9: an Indian mobile number as the account page stores it. */
export function randomMobile(random: Random): string {
  return `+91${random.int(6, 9)}${String(random.int(0, 999_999_999)).padStart(9, "0")}`;
}

/** The same number as someone types it into a form: with or without +91, spaced or not. */
export function typedMobile(random: Random, mobile: string): string {
  const digits = mobile.slice(3);
  switch (random.int(0, 3)) {
    case 0:
      return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
    case 1:
      return `${digits.slice(0, 5)} ${digits.slice(5)}`;
    case 2:
      return digits;
    default:
      return mobile;
  }
}

/** The letters of a name as an email address carries them ("D'Souza" → "dsouza"). */
export const emailPart = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const BUSINESS_KINDS = ["Traders", "Capital Advisors", "Enterprises", "Consultants", "Training Services"];

/** A GSTIN of the right shape for the state: code, PAN, entity number, "Z", check character. */
export function randomGstin(random: Random, stateCode: string): string {
  return `${stateCode}${random.chars(LETTERS, 5)}${random.int(1000, 9999)}${random.chars(LETTERS, 1)}1Z${random.chars(`${LETTERS}0123456789`, 1)}`;
}

/** Who the invoice is made out to, as a student fills in the checkout's billing fields; now and then a business with a GSTIN. */
export function billingFor(
  random: Random,
  person: { firstName: string; lastName: string; address: string; place: Place },
  business: boolean,
): BillingDetails {
  const billing: BillingDetails = {
    name: `${person.firstName} ${person.lastName}`,
    address: person.address,
    city: person.place.city,
    stateCode: person.place.stateCode,
    pin: person.place.pin,
  };
  if (!business) return billing;
  return {
    ...billing,
    businessName: `${person.lastName} ${random.pick(BUSINESS_KINDS)}`,
    gstin: randomGstin(random, person.place.stateCode),
  };
}
