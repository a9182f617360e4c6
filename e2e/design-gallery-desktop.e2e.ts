import { describeWidgetGallery } from './support/gallery';

describeWidgetGallery('desktop', 1280, 900);
